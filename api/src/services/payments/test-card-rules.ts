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

export interface ChargeOutcome {
  status: 'succeeded' | 'requires_action' | 'failed';
  failureCode: string | null;
  failureMessage: string | null;
}

/** What a charge on a card with this behaviour ends as. */
export function chargeOutcome(behaviour: TestCardBehaviour): ChargeOutcome {
  if (behaviour === 'decline' || behaviour === 'insufficient_funds') {
    const decline = DECLINES[behaviour];
    return { status: 'failed', failureCode: decline.code, failureMessage: decline.message };
  }
  return {
    status: behaviour === 'require_action' ? 'requires_action' : 'succeeded',
    failureCode: null,
    failureMessage: null,
  };
}

/** Every behaviour's outcome, as JSON a statement can look the card's behaviour up in. */
export const CHARGE_OUTCOMES_JSON = JSON.stringify(
  Object.fromEntries(
    (['succeed', 'decline', 'insufficient_funds', 'require_action'] as const).map((behaviour) => [
      behaviour,
      chargeOutcome(behaviour),
    ]),
  ),
);

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
