import axios, { type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import type { ApiClients } from '../shell-contract/shell-props';
import { shouldRedirectOn401 } from './unauthorized-redirect';

export interface ApiClientOptions {
  /** '' talks to the page's own origin. */
  baseURL: string;
  /** Called on a 401 from a protected call; the shell sends the browser to /login. */
  onUnauthorized: () => void;
  timeoutMs?: number;
}

function requestUrl(config: InternalAxiosRequestConfig | undefined): string | undefined {
  // getUri joins baseURL and url, so a base path such as '/api' is part of the check.
  return config ? axios.getUri(config) : undefined;
}

/**
 * An axios client that sends cookies and JSON. A 401 from a protected call triggers
 * `onUnauthorized`; every error, that one included, still rejects, so the caller's
 * loading state ends and its own handling runs.
 */
export function createApiClient({
  baseURL,
  onUnauthorized,
  timeoutMs,
}: ApiClientOptions): AxiosInstance {
  const client = axios.create({
    baseURL,
    withCredentials: true,
    timeout: timeoutMs,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  });
  client.interceptors.response.use(undefined, (error: unknown) => {
    if (
      axios.isAxiosError(error) &&
      error.response?.status === 401 &&
      shouldRedirectOn401(requestUrl(error.config))
    ) {
      onUnauthorized();
    }
    return Promise.reject(error);
  });
  return client;
}

export interface ApiClientsOptions {
  connectBaseUrl?: string;
  paymentsBaseUrl?: string;
  contentBaseUrl?: string;
  onUnauthorized: () => void;
  timeoutMs?: number;
}

/** The three API clients, from one factory; base URLs default to the same origin. */
export function createApiClients({
  connectBaseUrl = '',
  paymentsBaseUrl = '',
  contentBaseUrl = '',
  onUnauthorized,
  timeoutMs,
}: ApiClientsOptions): ApiClients {
  return {
    connect: createApiClient({ baseURL: connectBaseUrl, onUnauthorized, timeoutMs }),
    payments: createApiClient({ baseURL: paymentsBaseUrl, onUnauthorized, timeoutMs }),
    content: createApiClient({ baseURL: contentBaseUrl, onUnauthorized, timeoutMs }),
  };
}

// Callers that handle a failed call read it through toApiError; re-exported so the client and its error shape come from one import.
export { toApiError } from './api-error';
