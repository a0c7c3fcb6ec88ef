import type { TestCardBehaviour } from '../../db/schema';
import type { CardBrand } from './payment-provider';

/** Stripe test-mode card numbers and what the test provider does with them. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  requiresAction: '4000002760003184',
} as const;

export const DECLINES: Record<'decline' | 'insufficient_funds', { code: string; message: string }> =
  {
    decline: { code: 'card_declined', message: 'Your card was declined.' },
    insufficient_funds: {
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  };

export const REQUIRES_ACTION_MESSAGE = 'Your bank asks you to confirm this payment.';

export function behaviourForCard(number: string): TestCardBehaviour {
  switch (number) {
    case TEST_CARDS.declined:
      return 'decline';
    case TEST_CARDS.insufficientFunds:
      return 'insufficient_funds';
    case TEST_CARDS.requiresAction:
      return 'require_action';
    default:
      return 'succeed';
  }
}

export function brandForCard(number: string): CardBrand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  return 'unknown';
}
