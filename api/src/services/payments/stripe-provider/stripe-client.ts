import Stripe from 'stripe';

export interface StripeClientOptions {
  /**
   * Retries of a request that failed in transit or with a 409/5xx, each with the same
   * idempotency key, so Stripe acts once however many arrive.
   */
  maxNetworkRetries?: number;
  timeoutMs?: number;
  /** Another API host (a local stand-in); Stripe's own by default. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** The SDK client for the merchant's account, pinned to the API version the SDK was built for. */
export function createStripeClient(secretKey: string, options: StripeClientOptions = {}): Stripe {
  return new Stripe(secretKey, {
    apiVersion: Stripe.API_VERSION,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    // A shopper waits on the call: fail (and reconcile later) well before their browser gives up.
    timeout: options.timeoutMs ?? 20_000,
    appInfo: { name: 'bloodwise-shop' },
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });
}
