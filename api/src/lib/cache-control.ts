/** An answer for one visitor (their session, cart, order or upload): never stored by any cache. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
