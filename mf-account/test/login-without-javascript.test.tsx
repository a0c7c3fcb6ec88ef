/**
 * @jest-environment node
 */
// Log in without JavaScript: the server's log-in form posts its fields by name, the account's
// handler maps the post to the API's log-in, and a refusal is drawn by the same form the live page
// uses (its credentials alert, the email kept, never the password).
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FormFlash } from '@shop/shared/ssr/server-form';
import type { AreaRenderRequest } from '@shop/shared/ssr/server-render';
import { handleForm, renderArea } from '../src/server/render-account';

const loginPage = (formFlash?: FormFlash): AreaRenderRequest => ({
  pathname: '/login',
  search: '',
  basename: '',
  fetchJson: async (path) => {
    throw new Error(`GET ${path} answered 404`);
  },
  fetchPersonalJson: async (path) => {
    if (path === API_PATHS.cmsInfo) return null;
    throw new Error(`GET ${path} answered 404`);
  },
  ...(formFlash ? { formFlash } : {}),
});

/** The page as shown: the first script's templates are inert. */
const shown = (html: string) => html.replace(/<template[\s\S]*?<\/template>/g, '');

const post = (fields: Record<string, string>, search = '') =>
  handleForm({ pathname: '/login', search, basename: '', fields });

describe('log in without JavaScript', () => {
  it('draws a form that posts the email, the password and its name', async () => {
    const { html } = (await renderArea(loginPage()))!;
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toMatch(/<input[^>]*name="username"/);
    expect(html).toMatch(/<input[^>]*name="password"/);
    expect(html).toMatch(/<input type="hidden" name="_form" value="log-in"/);
  });

  it("maps the post to the API's log-in, then the safe ?redirect= or the main page", () => {
    const plan = post(
      { _form: 'log-in', username: 'ada@example.com', password: 'pw' },
      '?redirect=%2Faccount',
    );
    expect(plan).toEqual({
      form: 'log-in',
      call: {
        method: 'POST',
        path: API_PATHS.login,
        body: { username: 'ada@example.com', password: 'pw' },
      },
      done: '/account',
      back: '/login?redirect=%2Faccount',
      keep: { username: 'ada@example.com' },
    });
    for (const redirect of ['//evil.example', 'https://evil.example/', '/\\evil.example', '/login'])
      expect(post({ _form: 'log-in' }, `?redirect=${encodeURIComponent(redirect)}`)?.done).toBe(
        '/',
      );
    expect(post({ _form: 'other' })).toBeNull();
    expect(
      handleForm({ pathname: '/signup', search: '', basename: '', fields: { _form: 'log-in' } }),
    ).toBeNull();
  });

  it('draws a refused log-in with the live alert and the email kept, never a password', async () => {
    const { html, queries } = (await renderArea(
      loginPage({
        form: 'log-in',
        status: 401,
        code: 'INVALID_CREDENTIALS',
        message: 'Email or password is incorrect',
        values: { username: 'ada@example.com' },
      }),
    ))!;
    expect(shown(html)).toContain('Email or password is incorrect');
    expect(shown(html)).toMatch(/role="alert"/);
    expect(html).toMatch(/<input[^>]*value="ada@example.com"/);
    expect(html).toMatch(/aria-invalid="true"/);
    expect(html).not.toMatch(/<input[^>]*type="password"[^>]*value="[^"]/);
    expect(JSON.stringify(queries)).not.toContain('password"');
  });

  it('draws nothing of a flash that belongs to another form', async () => {
    const { html } = (await renderArea(
      loginPage({ form: 'cart-line', status: 400, code: 'BAD_REQUEST', message: 'Nope' }),
    ))!;
    expect(html).not.toContain('Nope');
    expect(shown(html)).not.toContain('Email or password is incorrect');
    expect(shown(html)).not.toMatch(/aria-invalid/);
  });
});
