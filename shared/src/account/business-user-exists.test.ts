import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { QueryClient } from '@tanstack/react-query';
import { businessUserExistsQueryOptions, fetchBusinessUserExists } from './business-user-exists';

function paymentsClientAnswering(data: unknown) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    return { data, status: 200, statusText: 'OK', headers: {}, config, request: {} };
  };
  const client = axios.create({ baseURL: 'https://shop.example', adapter });
  return { client, seen };
}

describe('fetchBusinessUserExists', () => {
  it.each([[''], ['   '], [null], [undefined]])(
    'answers false for %p without calling the API',
    async (email) => {
      const { client, seen } = paymentsClientAnswering({ exists: true });
      await expect(fetchBusinessUserExists(client, email)).resolves.toBe(false);
      expect(seen).toHaveLength(0);
    },
  );

  it('asks with the trimmed, lower-cased email and returns the answer', async () => {
    const { client, seen } = paymentsClientAnswering({ exists: true });
    await expect(fetchBusinessUserExists(client, '  Boss@Example.COM ')).resolves.toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('/payments/stripe-subscriptions/business/users');
    expect(seen[0]?.params).toEqual({ email: 'boss@example.com' });
  });

  it('refuses an answer that is not the contract shape', async () => {
    const { client } = paymentsClientAnswering({ exists: 'yes' });
    await expect(fetchBusinessUserExists(client, 'boss@example.com')).rejects.toThrow();
  });

  it('caches one answer per normalised email', async () => {
    const { client, seen } = paymentsClientAnswering({ exists: false });
    const queryClient = new QueryClient();
    await queryClient.fetchQuery(businessUserExistsQueryOptions(client, 'A@b.co'));
    await queryClient.fetchQuery(businessUserExistsQueryOptions(client, ' a@B.co '));
    expect(seen).toHaveLength(1);
    expect(businessUserExistsQueryOptions(client, ' A@b.co').queryKey).toEqual([
      'payments',
      'business-users',
      'a@b.co',
    ]);
  });
});
