// The flash cookie of a refused plain form (site-forms.ts) and the check of an area's form plan:
// both come from outside the API's own code (the visitor's cookie, another team's bundle).
import { isSameOriginPath, type AreaFormPlan, type FormFlash } from '@shop/shared/ssr/server-form';

/** A cookie's value stays well under the 4 KB browsers keep. */
const MAX_FLASH_BYTES = 3000;

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((entry) => typeof entry === 'string');

/** The flash as a cookie value (base64url JSON); null when it would be too big for a cookie. */
export function encodeFormFlash(flash: FormFlash): string | null {
  const encoded = Buffer.from(JSON.stringify(flash), 'utf8').toString('base64url');
  return encoded.length > MAX_FLASH_BYTES ? null : encoded;
}

/** A flash read back from its cookie; null for anything else (the cookie is the visitor's to change). */
export function decodeFormFlash(value: string | undefined): FormFlash | null {
  if (!value || value.length > MAX_FLASH_BYTES) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    const candidate = parsed as Partial<FormFlash> | null;
    if (
      typeof candidate?.form !== 'string' ||
      typeof candidate.message !== 'string' ||
      typeof candidate.code !== 'string' ||
      typeof candidate.status !== 'number'
    )
      return null;
    if (candidate.fieldErrors !== undefined && !isStringRecord(candidate.fieldErrors)) return null;
    if (candidate.values !== undefined && !isStringRecord(candidate.values)) return null;
    return {
      form: candidate.form,
      status: candidate.status,
      code: candidate.code,
      message: candidate.message,
      ...(candidate.fieldErrors ? { fieldErrors: candidate.fieldErrors } : {}),
      ...(candidate.values ? { values: candidate.values } : {}),
    };
  } catch {
    return null;
  }
}

/** A plan from another team's code, checked; throws for anything else. */
export function checkedFormPlan(value: unknown): AreaFormPlan | null {
  if (value === null || value === undefined) return null;
  const plan = value as Partial<AreaFormPlan>;
  const call = plan.call as Partial<AreaFormPlan['call']> | undefined;
  if (
    typeof plan.form !== 'string' ||
    !call ||
    (call.method !== 'POST' && call.method !== 'PUT') ||
    typeof call.path !== 'string' ||
    typeof call.body !== 'object' ||
    call.body === null ||
    !isSameOriginPath(plan.done) ||
    !isSameOriginPath(plan.back) ||
    (plan.keep !== undefined && !isStringRecord(plan.keep))
  )
    throw new Error('The form handler returned something other than a form plan.');
  return {
    form: plan.form,
    call: { method: call.method, path: call.path, body: call.body },
    done: plan.done,
    back: plan.back,
    ...(plan.keep ? { keep: plan.keep } : {}),
  };
}
