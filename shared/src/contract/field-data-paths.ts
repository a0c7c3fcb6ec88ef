// The one API path the field-data reporter posts to, apart from the full table in paths.ts: the
// reporter's chunk then carries this string, not every path of the API.

export const FIELD_DATA_PATHS = {
  logWebVitals: '/impact/log-web-vitals',
} as const;
