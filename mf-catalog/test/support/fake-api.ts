// Serves the fixtures to the area's axios clients through the shared fake adapter and records
// what the area sends.
import axios from 'axios';
import type { Cart } from '@shop/shared/contract/cart';
import { API_PATHS } from '@shop/shared/contract/paths';
import {
  createFakeApi,
  fakeError,
  type RecordedRequest,
} from '@shop/shared/shell-contract/fake-api';
import { CONTENT, OFFERS, PRICES } from './catalog-fixtures';

type Responder = (body: Record<string, unknown>) => { status: number; data: unknown };

export interface FakeApi {
  requests: RecordedRequest[];
  /** The cart the fake server holds. */
  cart(): Cart;
  /** Answers for POSTs, by path; the default answers 200 { ok: true }. */
  respond(path: string, responder: Responder): void;
  /** Makes GETs of the path fail until called again with false. */
  failGets(path: string, failing?: boolean): void;
  restore(): void;
}

const GET_FIXTURES: Record<string, unknown> = {
  [API_PATHS.catalogOffers]: { offers: OFFERS },
  [API_PATHS.catalogPrices]: { prices: PRICES },
  [API_PATHS.catalogContent]: CONTENT,
};

/** Installs the fake as axios's default adapter; the dev shell's clients are created after this. */
function installFakeApi(): FakeApi {
  const previous = axios.defaults.adapter;
  const responders = new Map<string, Responder>();
  const failing = new Set<string>();
  let cart: Cart = { items: [], updatedAt: null };

  const fake = createFakeApi(({ method, url, body }) => {
    const path = url.split('?')[0]!;
    // The server-side cart, kept in memory for the test.
    if (path === API_PATHS.cart) {
      if (method === 'put')
        cart = {
          items: (body as { items: Cart['items'] }).items,
          updatedAt: new Date(0).toISOString(),
        };
      return { status: 200, data: cart };
    }
    if (method === 'get') {
      if (failing.has(path)) return fakeError(503, 'NOT_FOUND', 'No fixture');
      // Unknown paths get the shared fake's 404.
      if (!(path in GET_FIXTURES)) return undefined;
      return { status: 200, data: JSON.parse(JSON.stringify(GET_FIXTURES[path])) };
    }
    const responder = responders.get(path);
    return responder
      ? responder((body ?? null) as Record<string, unknown>)
      : { status: 200, data: { ok: true } };
  });
  axios.defaults.adapter = fake.adapter;

  return {
    requests: fake.requests,
    cart: () => cart,
    respond: (path, responder) => responders.set(path, responder),
    failGets: (path, fail = true) => (fail ? failing.add(path) : failing.delete(path)),
    restore: () => {
      axios.defaults.adapter = previous;
    },
  };
}

/** Installs a fresh fake API (and clears local storage) around every test of the enclosing describe. */
export function withFakeApi(): () => FakeApi {
  let api: FakeApi | null = null;
  beforeEach(() => {
    api = installFakeApi();
    window.localStorage.clear();
  });
  afterEach(() => api?.restore());
  return () => api!;
}
