// For remotes' component tests: an axios adapter that answers the shell's API clients from
// handlers, records every request, and fails like axios does for a 4xx/5xx answer.
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { ShellProps } from './shell-props';

export interface RecordedRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
  headers: Record<string, unknown>;
}

export interface FakeAnswer {
  status: number;
  data: unknown;
}

/** Answers a request (a promise holds the answer until the test settles it), or returns undefined to let the next handler try. */
export type FakeHandler = (
  request: RecordedRequest,
) => FakeAnswer | Promise<FakeAnswer> | undefined;

export const fakeError = (status: number, code: string, message: string): FakeAnswer => ({
  status,
  data: { error: { code, message } },
});

/** `routes` answers by default; handlers added with `on` answer first, the latest one first. */
export function createFakeApi(routes: FakeHandler) {
  const requests: RecordedRequest[] = [];
  const overrides: FakeHandler[] = [];

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request: RecordedRequest = {
      method: (config.method ?? 'get').toLowerCase(),
      url: config.url ?? '',
      params: (config.params ?? {}) as Record<string, unknown>,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers: { ...(config.headers as Record<string, unknown>) },
    };
    requests.push(request);
    const answer = await (overrides.map((handler) => handler(request)).find(Boolean) ??
      routes(request) ??
      fakeError(404, 'NOT_FOUND', `No fake for ${request.method} ${request.url}`));
    const response: AxiosResponse = {
      data: answer.data,
      status: answer.status,
      statusText: String(answer.status),
      headers: {},
      config,
    };
    if (answer.status >= 400)
      throw new AxiosError(
        `Request failed with status ${answer.status}`,
        'ERR_BAD_REQUEST',
        config,
        undefined,
        response,
      );
    return response;
  };

  return {
    adapter,
    requests,
    on(handler: FakeHandler) {
      overrides.unshift(handler);
    },
    install(props: Pick<ShellProps, 'api'>) {
      for (const client of [props.api.connect, props.api.payments, props.api.content])
        client.defaults.adapter = adapter;
    },
    calls: (pattern: RegExp, method?: string) =>
      requests.filter(
        (request) => pattern.test(request.url) && (!method || request.method === method),
      ),
  };
}
