// Plain form posts on the server's pages (forms without JavaScript,
// docs/decisions/forms-without-javascript.md). The page's area maps the form to the API call its
// live component makes (its render.cjs `handleForm`, run in the render pool); the site makes that
// call as the visitor, through the API's own route (same validation, same error shape), passes the
// API's cookies on, and answers 303 to the area's next page (Post/Redirect/Get). A refusal goes
// back to the form's page with a short-lived flash cookie the area's renderer draws.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isErrorBody } from '@shop/shared/contract/errors';
import type { AreaTable } from '@shop/shared/shell-contract/area-routes';
import {
  FORM_FLASH_COOKIE,
  isSameOriginPath,
  type AreaFormPlan,
  type FormFlash,
} from '@shop/shared/ssr/server-form';
import { AppError, badRequest, notFound } from '../lib/app-error';
import type { FirstViewOptions } from './first-view';
import { checkedFormPlan, encodeFormFlash } from './form-flash';

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
/** A form of ours is a few short fields; a sign-up is the largest. */
const MAX_FORM_BYTES = 16 * 1024;
const MAX_FIELDS = 40;
const MAX_FIELD_NAME = 100;
const MAX_FIELD_VALUE = 2000;
/** Long enough to follow the redirect on a slow phone, short enough never to show on a later visit. */
const FLASH_SECONDS = 60;

export interface SiteFormDeps {
  loadShell: FirstViewOptions['loadShell'];
  loadArea: FirstViewOptions['loadArea'];
  readAreas: () => Promise<AreaTable>;
  isApiPath: (url: string) => boolean;
  /** Origins a form may come from besides the request's own (the API's allowed origins). */
  allowedOrigins: readonly string[];
  secureCookies: boolean;
}

/** Registers `POST /*` for the areas' plain forms in the site's scope. */
export function registerSiteForms(app: FastifyInstance, deps: SiteFormDeps): void {
  // Only in the site's scope: the API's routes keep answering JSON alone.
  app.addContentTypeParser(
    FORM_CONTENT_TYPE,
    { parseAs: 'string', bodyLimit: MAX_FORM_BYTES },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );
  // A flash is drawn once: the page it is drawn on (first-view.ts reads it) clears it.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !/\btext\/html\b/.test(request.headers.accept ?? '')) return;
    if (request.cookies?.[FORM_FLASH_COOKIE] !== undefined) clearFlash(reply, deps.secureCookies);
  });
  app.post<{ Params: { '*': string } }>(
    '/*',
    { schema: { hide: true } },
    async (request, reply) => {
      if (deps.isApiPath(request.url)) return reply.callNotFound();
      checkOrigin(request, deps.allowedOrigins);
      if (!(request.body instanceof URLSearchParams))
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send the form as ${FORM_CONTENT_TYPE}`);
      const { pathname, search } = new URL(request.url, 'http://site.invalid');
      const plan = await planOf(request, deps, { pathname, search }, formFields(request.body));
      return applyPlan(app, request, reply, plan, deps);
    },
  );
}

/**
 * The CSRF rule for forms: a post comes from the shop's own pages. Browsers send Origin with every
 * POST (Referer's origin when it is absent); the cookies are SameSite=Lax as well.
 */
function checkOrigin(request: FastifyRequest, allowed: readonly string[]): void {
  const origin = originOf(request);
  const own = `${request.protocol}://${request.host}`;
  if (origin && (origin === own || allowed.includes(origin))) return;
  throw new AppError(
    403,
    'CSRF_ORIGIN_REJECTED',
    'This request did not come from the shop, so it was refused.',
  );
}

/** The Origin header, else the Referer's origin (as the API's CSRF rule reads it). */
function originOf(request: FastifyRequest): string | null {
  const { origin, referer } = request.headers;
  if (typeof origin === 'string' && origin !== 'null') return origin;
  if (typeof referer !== 'string') return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/** Each field's first value; a form far larger than ours is refused. */
function formFields(body: URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of body) {
    count += 1;
    if (count > MAX_FIELDS || name.length > MAX_FIELD_NAME || value.length > MAX_FIELD_VALUE)
      throw badRequest('This form has more, or longer, fields than any of ours.');
    if (!(name in fields)) fields[name] = value;
  }
  return fields;
}

/** The plan of the area whose page the form was posted to. */
async function planOf(
  request: FastifyRequest,
  deps: SiteFormDeps,
  { pathname, search }: { pathname: string; search: string },
  fields: Record<string, string>,
): Promise<AreaFormPlan> {
  const shell = await deps.loadShell();
  const target = shell?.renderer.areaOf(pathname, await deps.readAreas());
  const area = target ? await deps.loadArea(target.area) : null;
  if (!target || !area?.renderer.submitForm) throw notFound('No form is posted here.');
  let plan: AreaFormPlan | null;
  try {
    plan = checkedFormPlan(
      await area.renderer.submitForm({ pathname, search, basename: target.basename, fields }),
    );
  } catch (error) {
    request.log.warn({ err: error, pathname }, 'form handler failed');
    throw new AppError(
      503,
      'SERVICE_UNAVAILABLE',
      'This form cannot be sent just now. Please try again.',
    );
  }
  if (!plan) throw badRequest('This page has no such form.');
  if (!isPlainApiPath(plan.call.path, deps.isApiPath))
    throw new AppError(503, 'SERVICE_UNAVAILABLE', 'This form cannot be sent just now.');
  return plan;
}

/** The API call as the visitor (their cookies, address and checked origin), then the redirect. */
async function applyPlan(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  plan: AreaFormPlan,
  deps: SiteFormDeps,
): Promise<FastifyReply> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
  };
  for (const name of ['cookie', 'origin', 'referer', 'user-agent'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answer = await app.inject({
    method: plan.call.method,
    url: plan.call.path,
    headers,
    payload: JSON.stringify(plan.call.body),
    // Rate limits count the visitor, not the site.
    remoteAddress: request.ip,
  });
  const setCookie = answer.headers['set-cookie'];
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const cookie of cookies) reply.header('set-cookie', cookie);
  if (answer.statusCode < 400) {
    clearFlash(reply, deps.secureCookies);
    return reply.code(303).header('location', plan.done).send();
  }
  let body: unknown = null;
  try {
    body = answer.json();
  } catch {
    // Not our error shape: answered as it came, below.
  }
  // The API's own failure is answered as it came (our error shape); a refusal is drawn on the page.
  if (answer.statusCode >= 500 || !isErrorBody(body))
    return reply.code(answer.statusCode).type('application/json; charset=utf-8').send(answer.body);
  const flash: FormFlash = {
    form: plan.form,
    status: answer.statusCode,
    code: body.error.code,
    message: body.error.message,
    ...(body.error.fields ? { fieldErrors: body.error.fields } : {}),
    ...(plan.keep ? { values: plan.keep } : {}),
  };
  const encoded =
    encodeFormFlash(flash) ?? encodeFormFlash({ ...flash, fieldErrors: {}, values: {} });
  if (encoded)
    reply.setCookie(FORM_FLASH_COOKIE, encoded, {
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secureCookies,
      path: '/',
      maxAge: FLASH_SECONDS,
    });
  return reply.code(303).header('location', plan.back).send();
}

function clearFlash(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(FORM_FLASH_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** An API path written plainly (no dot segments or escapes the router would read differently). */
function isPlainApiPath(value: string, isApiPath: (url: string) => boolean): boolean {
  if (!isSameOriginPath(value) || /%2e|%2f|%5c/i.test(value.split('?')[0] ?? value)) return false;
  const parsed = new URL(value, 'http://site.invalid');
  return parsed.pathname + parsed.search === value && isApiPath(value);
}
