// Shoppers never download the development-override code (parsing, allowlist, banner): it loads
// only when a page load asks for an override, through ?override= or a stored one.
import { DEV_OVERRIDE_STORAGE_KEY } from '@shop/shared/releases/dev-override-keys';
import type { ShellDevOverrides } from './dev-overrides';
import { takeOverrideParam, type OverrideWindow } from './override-param';

export const NO_DEV_OVERRIDES: ShellDevOverrides = {
  overrides: [],
  refused: [],
  reset: () => undefined,
};

function hasStoredOverride(storage: Storage): boolean {
  try {
    return storage.getItem(DEV_OVERRIDE_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Call before the history is created. The parameter leaves the address bar at once (so the
 * router never sees it and a later Reset is not undone by a reload); the rest resolves lazily.
 */
export function loadShellDevOverrides(
  win: OverrideWindow,
  allowedOrigins: readonly string[],
): Promise<ShellDevOverrides> {
  const search = win.location.search;
  const asked = takeOverrideParam(win);
  if (!asked && !hasStoredOverride(win.localStorage)) return Promise.resolve(NO_DEV_OVERRIDES);
  return import('./dev-overrides').then(({ readShellDevOverrides }) =>
    readShellDevOverrides(win, allowedOrigins, search),
  );
}
