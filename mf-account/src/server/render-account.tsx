// The account area's server render (built to dist/ssr/render.cjs): the first view of the log-in,
// sign-up and password-reset pages, drawn by the live pages themselves. antd renders here too and
// its styles go to <head>, so the form looks as it will once live. The area's code loads on the
// visitor's first interaction ('on-interaction'): until then the form is the server's, and what is
// typed into it is carried over to the live form by the shell.
import { cmsInfoResponseSchema } from '@shop/shared/contract/user';
import { antdServerStyles } from '@shop/shared/federation/antd-server-styles';
import { API_PATHS } from '@shop/shared/contract/paths';
import { renderAreaToString } from '@shop/shared/ssr/render-area';
import type {
  AreaRenderRequest,
  AreaRenderResult,
  AreaServerRenderer,
} from '@shop/shared/ssr/server-render';
import { FIRST_VIEW_USER_CONTEXT } from '@shop/shared/ssr/server-shell';
import type { CurrentUser } from '@shop/shared/shell-contract/shell-props';
import { AccountRoot } from '../app/parcel';

type Page = 'login' | 'signup' | 'reset-password';

const SERVER_RENDERED_PAGES: Readonly<Record<string, Page>> = {
  '/login': 'login',
  '/signup': 'signup',
  '/reset-password': 'reset-password',
};

/**
 * The log-in page tells a signed-in visitor so: it is drawn as the visitor (their session cookie),
 * and is then theirs alone (never cached or shared). Anonymous is the API's 401.
 */
async function visitorOf(request: AreaRenderRequest): Promise<CurrentUser | null> {
  if (!request.fetchPersonalJson) throw new Error('The log-in page is drawn as its visitor');
  try {
    return cmsInfoResponseSchema.parse(await request.fetchPersonalJson(API_PATHS.cmsInfo));
  } catch (error) {
    if (/answered 401\b/.test(error instanceof Error ? error.message : '')) return null;
    throw error;
  }
}

export const renderArea: AreaServerRenderer['renderArea'] = async (
  request: AreaRenderRequest,
): Promise<AreaRenderResult | null> => {
  const page = SERVER_RENDERED_PAGES[request.pathname.replace(/(.)\/+$/, '$1')];
  if (!page || request.basename !== '') return null;
  // A reset link's page (?linkId=) holds a token: it starts in the browser, as before.
  if (page === 'reset-password' && new URLSearchParams(request.search).has('linkId')) return null;
  const user = page === 'login' ? await visitorOf(request) : null;

  // antd's styles, made while rendering, go to <head>.
  const antd = antdServerStyles();
  const result = await renderAreaToString(
    {
      area: 'account',
      AreaRoot: antd.wrap(AccountRoot),
      prefetch: async () => undefined,
      shellProps: () =>
        page === 'login'
          ? { userContext: { ...FIRST_VIEW_USER_CONTEXT, user, loading: false } }
          : {},
    },
    request,
  );
  if (!result) return null;
  return { ...result, head: result.head + antd.styles(), takeover: 'on-interaction' };
};
