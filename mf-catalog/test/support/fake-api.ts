// Serves the fixtures to the area's axios clients and records what the area posts.
import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import type { Cart } from '@shop/shared/contract/cart';
import { API_PATHS } from '@shop/shared/contract/paths';
import { CONTENT, OFFERS, PRICES } from './catalog-fixtures';

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
}

export type Responder = (body: Record<string, unknown>) => { status: number; data: unknown };

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
export function installFakeApi(): FakeApi {
  const previous = axios.defaults.adapter;
  const requests: RecordedRequest[] = [];
  const responders = new Map<string, Responder>();
  const failing = new Set<string>();
  let cart: Cart = { items: [], updatedAt: null };

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = (config.url ?? '').split('?')[0]!;
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : (config.data ?? null);
    requests.push({ method, url, body });
    const reply = (status: number, data: unknown) => {
      const response = { status, statusText: String(status), data, headers: {}, config };
      if (status >= 400)
        throw new AxiosError(
          `Request failed with status code ${status}`,
          'ERR_BAD_REQUEST',
          config,
          null,
          response,
        );
      return response;
    };
    // The server-side cart, kept in memory for the test.
    if (url === API_PATHS.cart) {
      if (method === 'PUT')
        cart = {
          items: (body as { items: Cart['items'] }).items,
          updatedAt: new Date(0).toISOString(),
        };
      return reply(200, cart);
    }
    if (method === 'GET') {
      if (failing.has(url) || !(url in GET_FIXTURES))
        return reply(failing.has(url) ? 503 : 404, {
          error: { code: 'NOT_FOUND', message: 'No fixture' },
        });
      return reply(200, JSON.parse(JSON.stringify(GET_FIXTURES[url])));
    }
    const responder = responders.get(url);
    const answer = responder
      ? responder(body as Record<string, unknown>)
      : { status: 200, data: { ok: true } };
    return reply(answer.status, answer.data);
  };
  axios.defaults.adapter = adapter;

  return {
    requests,
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
