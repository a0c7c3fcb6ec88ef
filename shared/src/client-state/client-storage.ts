// The values the browser keeps between pages.
import { v4 as uuidv4, validate as isUuid } from 'uuid';
import { readStoredItem, writeStoredItem, type KeyValueStorage } from './key-value-storage';

/** localStorage: the anonymous session id sent with sign-up, carts and page-view logs. */
export const SESSION_ID_KEY = 'curr-session-id';
/** sessionStorage: a discount code that arrived in the URL, kept for the rest of the visit. */
export const URL_DISCOUNT_KEY = 'url-discount';
/** The URL parameter that carries a discount code. */
export const DISCOUNT_URL_PARAM = 'discount';
/** localStorage: the sex chosen in the quiz, used to recommend a panel. */
export const USER_SEX_KEY = 'user_sex';
/** localStorage: 'yes' once the visitor arrived from one of our emails. */
export const EMAIL_VISITOR_KEY = 'useremail';
/**
 * localStorage: 'personal' when this browser's visitor was last seen signed in or with something in
 * the cart, 'plain' when neither: whether a frame drawn for anyone is this visitor's frame.
 */
export const VISITOR_FRAME_KEY = 'visitor-frame';
/** The URL parameter (`useremail=yes`) that marks an email visitor. */
export const EMAIL_VISITOR_URL_PARAM = 'useremail';

/** The stored session id, or a new uuid v4 stored in its place (also replacing a malformed one). */
export function getOrCreateSessionId(storage: KeyValueStorage): string {
  const stored = readStoredItem(storage, SESSION_ID_KEY);
  if (stored && isUuid(stored)) return stored;
  const sessionId = uuidv4();
  writeStoredItem(storage, SESSION_ID_KEY, sessionId);
  return sessionId;
}

function urlDiscount(search: string): string | null {
  const code = new URLSearchParams(search).get(DISCOUNT_URL_PARAM)?.trim();
  return code ? code : null;
}

/** Stores a `discount` URL parameter for the rest of the visit; returns it, or null when absent. */
export function captureUrlDiscount(search: string, sessionStorage: KeyValueStorage): string | null {
  const code = urlDiscount(search);
  if (code) writeStoredItem(sessionStorage, URL_DISCOUNT_KEY, code);
  return code;
}

/** The discount code to try: the URL's first, then the one stored earlier in the visit. */
export function readDiscountCode(search: string, sessionStorage: KeyValueStorage): string | null {
  return urlDiscount(search) ?? (readStoredItem(sessionStorage, URL_DISCOUNT_KEY)?.trim() || null);
}

/** True when the URL has `useremail=yes` (which is then remembered) or an earlier visit stored the flag. */
export function captureEmailVisitor(search: string, storage: KeyValueStorage): boolean {
  if (new URLSearchParams(search).get(EMAIL_VISITOR_URL_PARAM) === 'yes') {
    writeStoredItem(storage, EMAIL_VISITOR_KEY, 'yes');
    return true;
  }
  return readStoredItem(storage, EMAIL_VISITOR_KEY) === 'yes';
}
