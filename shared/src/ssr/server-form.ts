// Forms that work without JavaScript (docs/decisions/forms-without-javascript.md): an area's
// server bundle (dist/ssr/render.cjs) may export `handleForm`, which turns a plain form post on one
// of its pages into the API call the live component makes. The site makes that call as the visitor
// (the API's own validation and error shape), then answers 303 to the page the area names (Post,
// Redirect, Get), with a short-lived flash the area's renderer draws when the call was refused.

/** The hidden field that names which of the page's forms was posted. */
export const FORM_NAME_FIELD = '_form';

/** The cookie that carries a refused form's message (and the values to draw again) to the next GET. */
export const FORM_FLASH_COOKIE = 'shop_form_flash';

/** A posted form, as the area's handler sees it. */
export interface AreaFormRequest {
  /** The path the form was posted to (its `action`), e.g. /shopping-cart. */
  pathname: string;
  /** Its query ('' or '?…'), e.g. a log-in page's ?redirect=. */
  search: string;
  /** Where the area's routes start ('' for consumer routes), as for a render. */
  basename: string;
  /** The form's fields, each name once (the first value). */
  fields: Record<string, string>;
  /** For an area nested in another's page: the props its host hands it (as for a render). */
  areaProps?: Record<string, unknown>;
}

/** What the site does for a posted form: one API call as the visitor, then a redirect. */
export interface AreaFormPlan {
  /** Names the form in a flash (the renderer shows a message next to that form only). */
  form: string;
  call: { method: 'POST' | 'PUT'; path: string; body: Record<string, unknown> };
  /** A same-origin path to go to when the call succeeds. */
  done: string;
  /** A same-origin path to go back to when the API refuses the call (a flash says why). */
  back: string;
  /** Values to draw again in the form after a refusal (never a password). */
  keep?: Record<string, string>;
}

/** A refused form's message on the page drawn next (the API's error message, and its field errors). */
export interface FormFlash {
  form: string;
  /** The API's answer: its status and error code (our error shape). */
  status: number;
  code: string;
  message: string;
  /** The API's per-field messages (its error shape's `details`), by field name. */
  fieldErrors?: Record<string, string>;
  /** The values the visitor had typed, drawn again. */
  values?: Record<string, string>;
}

/** `handleForm` of an area's render.cjs: the plan for a form post, or null for a form it does not know. */
export type AreaFormHandler = (request: AreaFormRequest) => AreaFormPlan | null;

/**
 * A path on this origin, written plainly: starts with one "/", no "//" or "\" (a browser reads
 * "/\\evil.example" as another host), no control characters. Redirects go only to such paths.
 */
export function isSameOriginPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2000) return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    return new URL(value, 'http://site.invalid').origin === 'http://site.invalid';
  } catch {
    return false;
  }
}

/**
 * The query a server render puts a refused form's flash under, so the area's component draws it
 * on the server and again, identically, when the live page hydrates.
 */
export const FORM_FLASH_QUERY_KEY = ['shop-form-flash'] as const;
