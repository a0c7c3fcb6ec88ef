// Async boundary: shared singletons are negotiated before the shell's own code runs.
import('./bootstrap');
