// The one check for a colour a partner or a theme hands us: CSS hex only, so nothing can smuggle
// CSS or script into a style. The contract's colorSchema and every area's styling use it.

/** #rgb, #rgba, #rrggbb or #rrggbbaa; spelt out in both cases so the OpenAPI pattern needs no flag. */
export const HEX_COLOR_PATTERN =
  /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

export const HEX_COLOR_MESSAGE = 'Must be a hex colour such as #3cbab5';

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR_PATTERN.test(value.trim());
}

/** The colour, trimmed, when it is a hex colour; the fallback otherwise. */
export function hexColorOr<T>(value: unknown, fallback: T): string | T {
  return isHexColor(value) ? value.trim() : fallback;
}
