import type { TestCardBehaviour } from './db/schema';
import type { CardBrand } from '@shop/shared/payments/provider-contract';

/** Stripe test-mode card numbers and what the test provider does with them. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  requiresAction: '4000002760003184',
  /** Declined as reported stolen: a hard decline, never worth trying again. */
  stolenCard: '4000000000009979',
} as const;

export interface Decline {
  code: string;
  message: string;
}

type DecliningBehaviour = 'decline' | 'insufficient_funds' | 'stolen_card';

export const DECLINES: Record<DecliningBehaviour, Decline> = {
  decline: { code: 'card_declined', message: 'Your card was declined.' },
  insufficient_funds: {
    code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  // Stripe words it as a plain decline and names the reason in its decline code.
  stolen_card: { code: 'stolen_card', message: 'Your card was declined.' },
};

const isDeclining = (behaviour: TestCardBehaviour): behaviour is DecliningBehaviour =>
  behaviour in DECLINES;

/** Stripe's words when the shopper fails (or abandons) 3-D Secure. */
export const AUTHENTICATION_FAILED: Decline = {
  code: 'payment_intent_authentication_failure',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

/** An off-session charge on a card whose bank wants the shopper: nobody is there to answer. */
export const AUTHENTICATION_REQUIRED: Decline = {
  code: 'authentication_required',
  message: 'Your bank requires you to authenticate this payment.',
};

export const BNPL_DECLINED: Decline = {
  code: 'payment_method_provider_decline',
  message: 'The pay-later provider declined this payment. Please choose another way to pay.',
};

/** Pay-later payments above this are declined, like a real pay-later limit. */
export const TEST_BNPL_LIMIT_CENTS = 200_000;

export const REQUIRES_ACTION_MESSAGE = 'Your bank asks you to confirm this payment.';
export const BNPL_ACTION_MESSAGE = 'Approve the payment with the pay-later provider.';

/** What confirming a card with this behaviour ends as. */
export function cardOutcome(
  behaviour: TestCardBehaviour,
  offSession: boolean,
): { status: 'succeeded' | 'requires_action' | 'failed'; decline: Decline | null } {
  if (isDeclining(behaviour)) return { status: 'failed', decline: DECLINES[behaviour] };
  if (behaviour === 'require_action')
    return offSession
      ? { status: 'failed', decline: AUTHENTICATION_REQUIRED }
      : { status: 'requires_action', decline: null };
  return { status: 'succeeded', decline: null };
}

export function behaviourForCard(number: string): TestCardBehaviour {
  switch (number) {
    case TEST_CARDS.declined:
      return 'decline';
    case TEST_CARDS.insufficientFunds:
      return 'insufficient_funds';
    case TEST_CARDS.requiresAction:
      return 'require_action';
    case TEST_CARDS.stolenCard:
      return 'stolen_card';
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

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardField = 'number' | 'expiry' | 'cvc';

/** The first thing wrong with the card, worded for the shopper, or null. `now` decides expiry. */
export function cardProblem(
  card: CardInput,
  now: Date,
): { field: CardField; message: string } | null {
  if (!/^\d{12,19}$/.test(card.number) || !passesLuhn(card.number))
    return { field: 'number', message: 'Your card number is invalid.' };
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (
    !Number.isInteger(card.expMonth) ||
    card.expMonth < 1 ||
    card.expMonth > 12 ||
    year * 12 + card.expMonth - 1 < thisMonth ||
    year > now.getUTCFullYear() + 50
  )
    return { field: 'expiry', message: "Your card's expiration date is invalid or in the past." };
  if (!/^\d{3,4}$/.test(card.cvc))
    return { field: 'cvc', message: "Your card's security code is invalid." };
  return null;
}
