/** count(*) and int8 come back as string from pg and as number from PGlite: always a number here. */
export function toCount(value: string | number | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const parsed = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(parsed)) throw new RangeError(`Not a whole count: ${String(value)}`);
  return parsed;
}
