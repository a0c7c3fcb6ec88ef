export interface SplitName {
  firstName: string;
  lastName: string;
}

/**
 * Splits a full name on the first space: "Mary Ann Lee" -> Mary / "Ann Lee".
 * With a single word the last name repeats it, because the payment provider and the
 * invitation endpoint both require a non-empty last name.
 */
export function splitFullName(full: string): SplitName {
  const normalized = full.trim().replace(/\s+/g, ' ');
  const space = normalized.indexOf(' ');
  if (space === -1) {
    return { firstName: normalized, lastName: normalized };
  }
  return { firstName: normalized.slice(0, space), lastName: normalized.slice(space + 1) };
}
