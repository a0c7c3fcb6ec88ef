// Where a development override is asked for, apart from the parsing, so the shell can tell whether
// a page load wants one without downloading the override code.

/** `?override=mf_checkout@http://localhost:3003/mf-manifest.json`; repeat it for several remotes. */
export const DEV_OVERRIDE_QUERY_PARAM = 'override';
/** `?override=reset` (or an empty value) clears every stored override. */
export const DEV_OVERRIDE_RESET_VALUE = 'reset';
/** localStorage key holding the accepted overrides as a JSON array of `name@url` strings. */
export const DEV_OVERRIDE_STORAGE_KEY = 'shop-dev-overrides';
