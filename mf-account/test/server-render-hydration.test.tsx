/**
 * @jest-environment node
 */
// The account's first views hydrate: the live area, given the props the browser starts from, draws
// the very nodes the server drew (no recoverable error, no mismatch warning).
import { hydrateFirstView } from '@shop/shared/test-support/hydration-check';
import { FIRST_VIEW_USER_CONTEXT } from '@shop/shared/ssr/server-shell';
import type { AreaRenderRequest } from '@shop/shared/ssr/server-render';
import { API_PATHS } from '@shop/shared/contract/paths';
import { renderArea } from '../src/server/render-account';
import { cardList, subscription, visa } from './support/account-fixtures';
import { pendingCsv } from './support/results-fixtures';

const SIGNED_IN = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  shopifyID: null,
  createdAt: '2026-01-02T03:04:05.000Z',
};

/** The account page's reads as a signed-in visitor's session answers them. */
const ACCOUNT: Record<string, unknown> = {
  [API_PATHS.paymentMethods]: cardList([visa]),
  [API_PATHS.accountSubscriptions]: { subscriptions: [subscription()] },
  [`${API_PATHS.kitsHasScheduled}?ids=bloodwise_monthly`]: {
    hasScheduled: { bloodwise_monthly: true },
  },
  [API_PATHS.resultUploads]: { uploads: [pendingCsv] },
};

function request(pathname: string, visitor: object | null = null): AreaRenderRequest {
  return {
    pathname,
    search: '',
    basename: '',
    fetchJson: async (path) => {
      throw new Error(`GET ${path} answered 404`);
    },
    fetchPersonalJson: async (path) => {
      if (!visitor) throw new Error(`GET ${path} answered 401`);
      return path in ACCOUNT ? ACCOUNT[path] : visitor;
    },
  };
}

const loadRoot = async () => (await import('../src/app/parcel')).AccountRoot;

describe('account first views hydrate', () => {
  it.each([
    ['/login', null],
    ['/login', SIGNED_IN],
    ['/signup', null],
    ['/reset-password', null],
    ['/account', SIGNED_IN],
  ] as const)('%s (visitor %j)', async (pathname, visitor) => {
    const result = await renderArea(request(pathname, visitor));
    expect(result).not.toBeNull();
    const problems = await hydrateFirstView(result!, {
      pathname,
      loadRoot,
      shellProps: {
        userContext: { ...FIRST_VIEW_USER_CONTEXT, user: visitor, loading: false },
      },
    });
    expect(problems).toEqual([]);
  });
});
