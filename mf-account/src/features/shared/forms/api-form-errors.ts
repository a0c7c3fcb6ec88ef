import type { FormInstance } from 'antd/es/form';
import type { ApiError } from '@shop/shared/http/api-error';

/** API field path (e.g. "card.number") -> the form's field name; unlisted paths are not the form's. */
export type FieldMap<TValues> = Partial<Record<string, keyof TValues & string>>;

/**
 * Puts the API's per-field messages on the form's fields (antd then marks them aria-invalid and
 * points aria-describedby at the message). Returns whether any field took a message, so the caller
 * shows a form-level alert only for the rest.
 */
export function applyApiFieldErrors<TValues>(
  form: FormInstance<TValues>,
  error: ApiError,
  fieldMap: FieldMap<TValues>,
): boolean {
  const fields = Object.entries(error.fields).flatMap(([path, message]) => {
    const name = fieldMap[path];
    return name ? [{ name: name as never, errors: [message] }] : [];
  });
  if (fields.length > 0) form.setFields(fields);
  return fields.length > 0;
}

/** A message a shopper can act on, whatever went wrong. */
export function friendlyMessage(error: ApiError): string {
  // The API's own 429 says how long to wait (a minute per address, longer for one account).
  if (error.status === 429)
    return error.code === 'RATE_LIMITED'
      ? error.message
      : 'Too many attempts. Please wait a minute and try again.';
  if (error.status !== null && error.status >= 500)
    return 'Something went wrong on our side. Please try again.';
  return error.message;
}
