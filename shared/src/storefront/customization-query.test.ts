import { QueryClient } from '@tanstack/react-query';
import type { ApiClients } from '../shell-contract/shell-props';
import { customizationQueryOptions } from './customization-query';

/** An API whose customization read fails with `status` (undefined: the network failed). */
function failingApi(status: number | undefined) {
  const calls: string[] = [];
  const api = {
    content: {
      get: async (url: string) => {
        calls.push(url);
        throw Object.assign(new Error(`answered ${status}`), {
          response: status === undefined ? undefined : { status },
        });
      },
    },
  } as unknown as Pick<ApiClients, 'content'>;
  return { api, calls };
}

/** How many times the read asked before it settled (a missing partner settles as null). */
async function readsFor(status: number | undefined): Promise<number> {
  const { api, calls } = failingApi(status);
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  const read = client.fetchQuery(customizationQueryOptions(api, 'acme', { excludeProducts: true }));
  if (status === 404) expect(await read).toBeNull();
  else await expect(read).rejects.toThrow();
  return calls.length;
}

describe("a partner's customization read", () => {
  it('asks once when the API refuses the request itself: a missing partner or a malformed key', async () => {
    expect(await readsFor(404)).toBe(1);
    // A server render of /shop/<a file name> waited three seconds on these retries.
    expect(await readsFor(400)).toBe(1);
  });

  it('tries again, twice, when the server or the network failed', async () => {
    expect(await readsFor(503)).toBe(3);
    expect(await readsFor(undefined)).toBe(3);
  });
});
