// The shop's side of a payment provider's browser element, whichever provider serves it.
import type { NextAction } from '../contract/payment';
import type { CardFutureUsage } from './card-future-usage';

/** `card`, or a pay-later method the provider offers inside its own element. */
export type PaymentElementMethod = 'card' | 'bnpl';

export interface PaymentElementChange {
  /** Every field the shopper must fill is filled and passes the provider's own checks. */
  complete: boolean;
  /** The provider's message for what the shopper typed, or null. */
  error: string | null;
  method: PaymentElementMethod;
}

export type TokenResult = { token: string } | { error: string };

/** What a page does with a mounted element: turn its details into a token, finish a bank's step. */
export interface PaymentElementHandle {
  createToken(): Promise<TokenResult>;
  handleNextAction(clientSecret: NextAction['clientSecret']): Promise<{ error: string | null }>;
}

/** One provider's element, as the lazily loaded implementations take it. */
export interface ElementImplementationProps {
  mode: 'payment' | 'setup';
  methods: readonly PaymentElementMethod[];
  amount?: number;
  currency?: string;
  /** Payment mode: how a card is kept, the same value the server confirms with. */
  cardFutureUsage?: CardFutureUsage | null;
  onChange?(change: PaymentElementChange): void;
  /** The implementation's token source, set once it can answer. */
  tokenSource: { current: Pick<PaymentElementHandle, 'createToken'> | null };
  /** The element cannot be shown (the provider's script or page did not load). */
  onLoadError(message: string): void;
}

export const NOT_READY_MESSAGE = 'The card form is still loading. Please try again in a moment.';
export const LOAD_FAILED_MESSAGE = 'The secure payment form could not load.';
