// Async boundary: shared singletons (react, router, query) are negotiated before any app code runs.
import('./bootstrap');
