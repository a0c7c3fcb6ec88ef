import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { createApiClient, createApiClients, toApiError } from './api-clients';

/** Answers every request with `status` and `data`, rejecting non-2xx the way axios's own adapters do. */
function replyWith(status: number, data: unknown = {}) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const response = { data, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
  return { adapter, seen };
}

function clientAnswering(status: number, data: unknown = {}, baseURL = 'https://shop.example') {
  const onUnauthorized = jest.fn();
  const client = createApiClient({ baseURL, onUnauthorized });
  const reply = replyWith(status, data);
  client.defaults.adapter = reply.adapter;
  return { client, onUnauthorized, seen: reply.seen };
}

describe('createApiClient', () => {
  it('sends credentials and JSON to its base URL', async () => {
    const { client, seen } = clientAnswering(200, { ok: true });
    const response = await client.post('/user/invitation', { email: 'a@b.c' });
    expect(response.data).toEqual({ ok: true });
    const [config] = seen;
    expect(config?.withCredentials).toBe(true);
    expect(config?.baseURL).toBe('https://shop.example');
    expect(config?.headers.get('Content-Type')).toBe('application/json');
    expect(config?.headers.get('Accept')).toBe('application/json');
    expect(config?.data).toBe('{"email":"a@b.c"}');
  });

  it('calls onUnauthorized on a 401 from a protected call and still rejects', async () => {
    const { client, onUnauthorized } = clientAnswering(401);
    await expect(client.get('/user/is-new-customer')).rejects.toMatchObject({
      response: { status: 401 },
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['/auth2/login/password'],
    ['/user/cms-info?includeSubscriptionInfo=true'],
    ['/impact/log-page-view'],
    ['/user/management-portal/payment-methods'],
  ])('passes a 401 from the excepted call %p to the caller without redirecting', async (url) => {
    const { client, onUnauthorized } = clientAnswering(401);
    await expect(client.get(url)).rejects.toMatchObject({ response: { status: 401 } });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('checks the base path together with the url', async () => {
    const { client, onUnauthorized } = clientAnswering(401, {}, 'https://shop.example/auth2');
    await expect(client.post('/logout')).rejects.toBeInstanceOf(AxiosError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it.each([[400], [403], [404], [422], [500], [503]])(
    'passes a %i to the caller without redirecting',
    async (status) => {
      const { client, onUnauthorized } = clientAnswering(status, {
        error: { code: 'X', message: 'no' },
      });
      await expect(
        client.get('/payments/stripe-subscriptions/checkout/start'),
      ).rejects.toMatchObject({
        response: { status },
      });
      expect(onUnauthorized).not.toHaveBeenCalled();
    },
  );

  it('applies the timeout it was given', () => {
    const client = createApiClient({
      baseURL: '',
      onUnauthorized: () => undefined,
      timeoutMs: 8000,
    });
    expect(client.defaults.timeout).toBe(8000);
  });
});

describe('createApiClients', () => {
  it('makes connect, payments and content clients with their own base URLs and one 401 handler', async () => {
    const onUnauthorized = jest.fn();
    const clients = createApiClients({
      connectBaseUrl: 'https://connect.example',
      paymentsBaseUrl: 'https://payments.example',
      contentBaseUrl: 'https://content.example',
      onUnauthorized,
    });
    expect(clients.connect.defaults.baseURL).toBe('https://connect.example');
    expect(clients.payments.defaults.baseURL).toBe('https://payments.example');
    expect(clients.content.defaults.baseURL).toBe('https://content.example');
    for (const client of [clients.connect, clients.payments, clients.content]) {
      expect(client.defaults.withCredentials).toBe(true);
      client.defaults.adapter = replyWith(401).adapter;
      await expect(client.get('/protected')).rejects.toBeInstanceOf(AxiosError);
    }
    expect(onUnauthorized).toHaveBeenCalledTimes(3);
  });

  it('defaults every base URL to the same origin', () => {
    const clients = createApiClients({ onUnauthorized: () => undefined });
    expect(
      [clients.connect, clients.payments, clients.content].map((c) => c.defaults.baseURL),
    ).toEqual(['', '', '']);
  });
});

describe('toApiError', () => {
  async function errorFrom(status: number, data: unknown) {
    const { client } = clientAnswering(status, data);
    return client.get('/anything').then(
      () => {
        throw new Error('expected the call to fail');
      },
      (err: unknown) => toApiError(err),
    );
  }

  it("reads the API's error body", async () => {
    expect(
      await errorFrom(422, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Check the form.',
          fields: { email: 'Enter an email' },
        },
      }),
    ).toEqual({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'Check the form.',
      fields: { email: 'Enter an email' },
    });
  });

  it('fills in a missing message and fields', async () => {
    expect(await errorFrom(409, { error: { code: 'DUPLICATE' } })).toEqual({
      status: 409,
      code: 'DUPLICATE',
      message: 'Something went wrong.',
      fields: {},
    });
  });

  it('keeps only string field messages', async () => {
    const apiError = await errorFrom(400, {
      error: { code: 'BAD', message: 'm', fields: { email: 'bad', age: 3, nested: {} } },
    });
    expect(apiError.fields).toEqual({ email: 'bad' });
  });

  it.each([
    [400, 'not json', 'BAD_REQUEST'],
    [404, { message: 'no error wrapper' }, 'BAD_REQUEST'],
    [400, { error: 'just a string' }, 'BAD_REQUEST'],
    [500, '<html>oops</html>', 'BAD_RESPONSE'],
    [502, null, 'BAD_RESPONSE'],
  ])('gives a %i without an error body the code for its class', async (status, data, code) => {
    const apiError = await errorFrom(status, data);
    expect(apiError.status).toBe(status);
    expect(apiError.code).toBe(code);
    expect(apiError.fields).toEqual({});
    expect(apiError.message.length).toBeGreaterThan(0);
  });

  it('reports a network error', async () => {
    const client = createApiClient({
      baseURL: 'https://shop.example',
      onUnauthorized: () => undefined,
    });
    client.defaults.adapter = async (config) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    };
    const apiError = await client.get('/x').catch(toApiError);
    expect(apiError).toMatchObject({ status: null, code: 'NETWORK_ERROR', fields: {} });
  });

  it.each([[AxiosError.ECONNABORTED], [AxiosError.ETIMEDOUT]])(
    'reports a timeout (%s)',
    async (code) => {
      const client = createApiClient({
        baseURL: 'https://shop.example',
        onUnauthorized: () => undefined,
        timeoutMs: 5,
      });
      client.defaults.adapter = async (config) => {
        throw new AxiosError('timeout of 5ms exceeded', code, config, {});
      };
      expect(await client.get('/x').catch(toApiError)).toMatchObject({
        status: null,
        code: 'TIMEOUT',
      });
    },
  );

  it('reports a cancelled request', async () => {
    const { client, seen } = clientAnswering(200);
    const controller = new AbortController();
    controller.abort();
    const apiError = await client.get('/x', { signal: controller.signal }).catch(toApiError);
    expect(apiError).toMatchObject({ status: null, code: 'CANCELLED' });
    expect(seen).toHaveLength(0);
  });

  it('wraps anything that is not an axios error', () => {
    expect(toApiError(new Error('boom'))).toEqual({
      status: null,
      code: 'UNKNOWN',
      message: 'boom',
      fields: {},
    });
    expect(toApiError('weird')).toEqual({
      status: null,
      code: 'UNKNOWN',
      message: 'Something went wrong.',
      fields: {},
    });
  });
});
