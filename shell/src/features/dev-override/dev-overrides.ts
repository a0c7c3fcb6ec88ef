// The development override in the shell: reads `?override=` and the stored overrides once per
// page load (validation lives in @shop/shared/releases/dev-override), keeps localStorage in step,
// and takes the parameter out of the address bar so a later Reset is not undone by a reload.
import { takeOverrideParam, type OverrideWindow } from './override-param';
import {
  DEV_OVERRIDE_STORAGE_KEY,
  resolveDevOverrides,
  type DevOverride,
  type RefusedDevOverride,
} from '@shop/shared/releases/dev-override';

export interface ShellDevOverrides {
  /** Accepted overrides, merged over the registry's remotes. */
  overrides: DevOverride[];
  /** Refused values with their reasons; the shell shows them and loads the registry's remote instead. */
  refused: RefusedDevOverride[];
  /** Forgets every override; the caller reloads the page so the registry's remotes load. */
  reset(): void;
}

function readStorage(storage: Storage): string | null {
  try {
    return storage.getItem(DEV_OVERRIDE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeStorage(storage: Storage, value: string | null): void {
  try {
    if (value === null) storage.removeItem(DEV_OVERRIDE_STORAGE_KEY);
    else storage.setItem(DEV_OVERRIDE_STORAGE_KEY, value);
  } catch {
    // Private mode or a full quota: the override then lasts for this page only.
  }
}

/** `search` is the address as the page loaded (dev-override-loader takes the parameter out first). */
export function readShellDevOverrides(
  win: OverrideWindow,
  allowedOrigins: readonly string[],
  search: string = win.location.search,
): ShellDevOverrides {
  const state = resolveDevOverrides({
    search,
    storedValue: readStorage(win.localStorage),
    allowedOrigins,
  });
  if (state.storageUpdate !== undefined) writeStorage(win.localStorage, state.storageUpdate);

  takeOverrideParam(win);

  for (const refusal of state.refused)
    console.warn(`[shell] development override refused: ${refusal.reason} (${refusal.value})`);
  return {
    overrides: state.overrides,
    refused: state.refused,
    reset: () => writeStorage(win.localStorage, null),
  };
}
