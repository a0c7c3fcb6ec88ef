// Prices and copy change rarely and the server caches for a minute; five minutes here avoids
// refetching on every page.
export const CATALOG_STALE_MS = 5 * 60_000;
