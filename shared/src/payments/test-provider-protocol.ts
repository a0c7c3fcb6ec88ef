// The built-in test provider's browser protocol: the messages its element and challenge pages post
// to the shop and the one the shop posts to the element. Both sides must match exactly.
import type { PaymentElementMethod } from './payment-element-types';

export type ProviderMessage =
  | { source: 'test-provider'; type: 'ready' }
  | {
      source: 'test-provider';
      type: 'change';
      complete: boolean;
      method: PaymentElementMethod;
      error: string | null;
    }
  | { source: 'test-provider'; type: 'resize'; height: number }
  | { source: 'test-provider'; type: 'token'; requestId: string; token: string }
  | { source: 'test-provider'; type: 'error'; requestId: string; error: string }
  | { source: 'test-provider'; type: 'authenticated'; outcome: 'succeeded' | 'failed' };

export interface TokenizeMessage {
  source: 'shop';
  type: 'tokenize';
  requestId: string;
}

/** GET <provider>/v1/next-action: where the shopper finishes a held payment. */
export type ProviderNextAction =
  { type: 'challenge'; url: string } | { type: 'redirect'; url: string };

/** A URL of the provider's, resolved against its element page (`v1/next-action` sits beside it). */
export function providerUrl(
  elementUrl: string,
  path: string,
  params: Record<string, string> = {},
): URL {
  const url = new URL(path, new URL(elementUrl, window.location.href));
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url;
}

/**
 * A message from the provider's own frame: from that window, from the provider's origin and
 * tagged by it. Anything else on the page (extensions, other frames) is ignored.
 */
export function providerMessageOf(
  event: MessageEvent,
  frame: HTMLIFrameElement | null,
  origin: string,
): ProviderMessage | null {
  if (!frame || event.source !== frame.contentWindow || event.origin !== origin) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { source?: unknown; type?: unknown };
  return message.source === 'test-provider' && typeof message.type === 'string'
    ? (data as ProviderMessage)
    : null;
}

/** Leaving the shop for the provider's page; an object so a test can watch it (jsdom cannot navigate). */
export const browserNavigation = {
  assign(url: string) {
    window.location.assign(url);
  },
};
