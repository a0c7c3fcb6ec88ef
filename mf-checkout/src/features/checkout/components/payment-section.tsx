import type { ReactNode } from 'react';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import type { CheckoutQuote } from '@shop/shared/contract/checkout';
import type { PaymentMethodView as PaymentMethod } from '@shop/shared/contract/payment';
import { formatMoney } from '@shop/shared/format/money';
import type { FormValues } from '../model/checkout-form-values';

const cardName = (card: PaymentMethod) =>
  card.brand === 'unknown' ? 'Card' : card.brand[0]!.toUpperCase() + card.brand.slice(1);

function BnplTerms({ quote }: { quote: CheckoutQuote | undefined }) {
  return (
    <>
      <div className="co-terms" id="co-bnpl-terms">
        Pay {quote ? formatMoney(Math.ceil(quote.total / 4), quote.currency) : 'a quarter'} today
        and the rest in 3 payments every 2 weeks, with no interest. A missed payment may incur a
        late fee. Approval is subject to a check by our pay-later partner.
      </div>
      <Form.Item
        name="bnplAccepted"
        valuePropName="checked"
        rules={[
          {
            required: true,
            validator: (_, value) =>
              value === true
                ? Promise.resolve()
                : Promise.reject(new Error('Please accept the pay-later terms')),
          },
        ]}
      >
        <Checkbox aria-describedby="co-bnpl-terms">
          I have read and accept the pay-later terms
        </Checkbox>
      </Form.Item>
    </>
  );
}

/** Saved card, new card or pay later (with its terms and explicit consent); `children` is the place-order step. */
export function PaymentSection({
  payment,
  cards,
  signedIn,
  quote,
  children,
}: {
  payment: FormValues['payment'];
  cards: readonly PaymentMethod[];
  signedIn: boolean;
  quote: CheckoutQuote | undefined;
  children: ReactNode;
}) {
  return (
    <section className="co-panel" aria-labelledby="co-payment">
      <h2 id="co-payment">Payment</h2>
      <Form.Item name="payment" label="How would you like to pay?">
        <Radio.Group>
          {cards.length > 0 && <Radio value="saved">Saved card</Radio>}
          <Radio value="card">{cards.length > 0 ? 'New card' : 'Card'}</Radio>
          <Radio value="bnpl">Pay later in 4 instalments</Radio>
        </Radio.Group>
      </Form.Item>
      {payment === 'saved' && cards.length > 0 && (
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
      {payment === 'card' && (
        <>
          <Form.Item
            label="Card number"
            name="cardNumber"
            rules={[
              { required: true, message: 'Please enter your card number' },
              { pattern: /^[\d\s-]{12,23}$/, message: 'Card number must be 12 to 19 digits' },
            ]}
          >
            <Input inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" />
          </Form.Item>
          <div className="co-row co-row-2">
            <Form.Item
              label="Expiry (MM/YY)"
              name="cardExpiry"
              rules={[
                { required: true, message: 'Please enter the expiry date' },
                { pattern: /^\s*(0?[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})\s*$/, message: 'Use MM/YY' },
              ]}
            >
              <Input autoComplete="cc-exp" placeholder="MM/YY" />
            </Form.Item>
            <Form.Item
              label="CVC"
              name="cardCvc"
              rules={[
                { required: true, message: 'Please enter the CVC' },
                { pattern: /^\d{3,4}$/, message: 'CVC must be 3 or 4 digits' },
              ]}
            >
              <Input inputMode="numeric" autoComplete="cc-csc" />
            </Form.Item>
          </div>
          {signedIn && (
            <Form.Item name="saveCard" valuePropName="checked">
              <Checkbox>Save this card to my account</Checkbox>
            </Form.Item>
          )}
        </>
      )}
      {payment === 'bnpl' && <BnplTerms quote={quote} />}
      {children}
    </section>
  );
}
