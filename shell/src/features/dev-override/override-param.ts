// The ?override= parameter, shared by the small loader every page load runs and the lazily
// loaded override code, so neither imports the other.
import { DEV_OVERRIDE_QUERY_PARAM } from '@shop/shared/releases/dev-override-keys';

export type OverrideWindow = Pick<Window, 'location' | 'history' | 'localStorage'>;

/** Takes ?override= out of the address bar; true when it was there. */
export function takeOverrideParam(win: OverrideWindow): boolean {
  const url = new URL(win.location.href);
  if (!url.searchParams.has(DEV_OVERRIDE_QUERY_PARAM)) return false;
  url.searchParams.delete(DEV_OVERRIDE_QUERY_PARAM);
  win.history.replaceState(win.history.state, '', url.pathname + url.search + url.hash);
  return true;
}
