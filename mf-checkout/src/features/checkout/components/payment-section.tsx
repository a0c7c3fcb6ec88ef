import type { ReactNode, Ref } from 'react';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Radio from 'antd/es/radio';
import type { CheckoutQuote } from '@shop/shared/contract/checkout';
import type { PaymentMethodView as PaymentMethod } from '@shop/shared/contract/payment';
import { formatMoney } from '@shop/shared/format/money';
import { checkoutCardFutureUsage } from '@shop/shared/payments/card-future-usage';
import {
  PaymentElement,
  type PaymentElementChange,
  type PaymentElementHandle,
} from '@shop/shared/payments/payment-element';
import type { FormValues } from '../model/checkout-form-values';
import { RequiredConsent } from './required-consent';

const cardName = (card: PaymentMethod) =>
  card.brand === 'unknown' ? 'Card' : card.brand[0]!.toUpperCase() + card.brand.slice(1);

function BnplTerms({ quote }: { quote: CheckoutQuote | undefined }) {
  return (
    <RequiredConsent
      name="bnplAccepted"
      termsId="co-bnpl-terms"
      terms={
        <>
          Pay {quote ? formatMoney(Math.ceil(quote.total / 4), quote.currency) : 'a quarter'} today
          and the rest in 3 payments every 2 weeks, with no interest. A missed payment may incur a
          late fee. Approval is subject to a check by our pay-later partner.
        </>
      }
      missing="Please accept the pay-later terms"
    >
      I have read and accept the pay-later terms
    </RequiredConsent>
  );
}

/**
 * Saved card, or the payment provider's own element (a new card, or pay later where it offers it,
 * with our terms and explicit consent); `children` is the place-order step.
 */
export function PaymentSection({
  payment,
  cards,
  signedIn,
  quote,
  element,
  elementMethod,
  onElementChange,
  methods,
  children,
}: {
  payment: FormValues['payment'];
  cards: readonly PaymentMethod[];
  signedIn: boolean;
  quote: CheckoutQuote | undefined;
  element: Ref<PaymentElementHandle>;
  elementMethod: PaymentElementChange['method'];
  onElementChange(change: PaymentElementChange): void;
  methods: readonly ['card'] | readonly ['card', 'bnpl'];
  children: ReactNode;
}) {
  const usingElement = payment === 'new' || cards.length === 0;
  return (
    <section className="co-panel" aria-labelledby="co-payment">
      <h2 id="co-payment">Payment</h2>
      {cards.length > 0 && (
        <Form.Item name="payment" label="How would you like to pay?">
          <Radio.Group>
            <Radio value="saved">Saved card</Radio>
            <Radio value="new">{methods.length > 1 ? 'New card or pay later' : 'New card'}</Radio>
          </Radio.Group>
        </Form.Item>
      )}
      {!usingElement && (
        <Form.Item
          name="savedCardId"
          label="Card"
          rules={[{ required: true, message: 'Please choose a card' }]}
        >
          <Radio.Group>
            {cards.map((card) => (
              <Radio key={card.id} value={card.id}>
                {cardName(card)} •••• {card.last4}, expires {String(card.expMonth).padStart(2, '0')}
                /{card.expYear}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
      )}
      {/* Kept mounted with a saved card too: what was typed survives, and the bank's check runs from it. */}
      <div hidden={!usingElement} className="co-element">
        <PaymentElement
          ref={element}
          mode="payment"
          methods={methods}
          amount={quote?.total}
          currency={quote?.currency}
          cardFutureUsage={checkoutCardFutureUsage({
            recurring: quote?.lines.some((line) => line.interval !== null) ?? false,
          })}
          onChange={onElementChange}
        />
      </div>
      {usingElement && elementMethod === 'card' && signedIn && (
        <Form.Item name="saveCard" valuePropName="checked">
          <Checkbox>Save this card for next time</Checkbox>
        </Form.Item>
      )}
      {usingElement && elementMethod === 'bnpl' && <BnplTerms quote={quote} />}
      {children}
    </section>
  );
}
