// The test provider's tokens: what its card element hands the browser. A token keeps the brand,
// the last four digits, the expiry and the card's test behaviour, never the number or the CVC,
// and confirms one intent or setup only.
import { preparedStatement } from './db/prepared-statement';
import type { Executor, PaymentMethodRow, PaymentTokenRow } from './db/schema';
import { createPrefixedId } from './lib/ids';
import { PaymentDeclinedError, type CardBrand } from '@shop/shared/payments/provider-contract';
import {
  behaviourForCard,
  brandForCard,
  cardProblem,
  type CardField,
  type CardInput,
} from './test-card-rules';

export interface TokenView {
  id: string;
  type: 'card' | 'bnpl';
  card: { brand: CardBrand; last4: string; expMonth: number; expYear: number } | null;
}

/** Card details the provider refuses to tokenise, with the field and words for the shopper. */
export class InvalidCardError extends Error {
  constructor(
    readonly field: CardField,
    message: string,
  ) {
    super(message);
    this.name = 'InvalidCardError';
  }
}

function toTokenView(row: PaymentTokenRow): TokenView {
  return {
    id: row.id,
    type: row.type,
    card:
      row.type === 'card'
        ? {
            brand: row.brand as CardBrand,
            last4: row.last4 ?? '',
            expMonth: row.exp_month ?? 0,
            expYear: row.exp_year ?? 0,
          }
        : null,
  };
}

export async function createCardToken(
  db: Executor,
  card: CardInput,
  now: Date,
): Promise<TokenView> {
  const number = card.number.replace(/[\s-]/g, '');
  const problem = cardProblem({ ...card, number }, now);
  if (problem) throw new InvalidCardError(problem.field, problem.message);
  const row = await db
    .insertInto('payment_tokens')
    .values({
      id: createPrefixedId('tok'),
      type: 'card',
      brand: brandForCard(number),
      last4: number.slice(-4),
      exp_month: card.expMonth,
      exp_year: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
      test_behaviour: behaviourForCard(number),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTokenView(row);
}

export async function createBnplToken(db: Executor): Promise<TokenView> {
  const row = await db
    .insertInto('payment_tokens')
    .values({
      id: createPrefixedId('tok'),
      type: 'bnpl',
      brand: 'unknown',
      last4: null,
      exp_month: null,
      exp_year: null,
      test_behaviour: 'succeed',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTokenView(row);
}

// $1 the token, $2 the time, $3 the new method's id. Every order paid with a new card runs it, so
// it is prepared.
const consumeTokenStatement = preparedStatement(
  'provider_consume_token',
  `with token as (
    update payment_tokens set used_at = $2::timestamptz
    where id = $1::text and used_at is null
    returning *
  )
  insert into payment_methods (id, customer_id, type, brand, last4, exp_month, exp_year, test_behaviour)
  select $3::text, null, token.type, token.brand, token.last4, token.exp_month, token.exp_year,
    token.test_behaviour
  from token
  returning *`,
);

/**
 * Uses the token up and makes the payment method it stands for (not yet any customer's), in one
 * statement: a token used before makes no method.
 */
export async function consumeToken(trx: Executor, tokenId: string): Promise<PaymentMethodRow> {
  const { rows } = await trx.executeQuery<PaymentMethodRow>(
    consumeTokenStatement([tokenId, new Date(), createPrefixedId('pm')]),
  );
  const method = rows[0];
  if (!method)
    throw new PaymentDeclinedError(
      'token_already_used',
      'Your card details have expired. Please enter them again.',
    );
  return method;
}
