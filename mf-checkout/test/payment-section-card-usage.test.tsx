// The checkout's Payment Element is created with the card's setup_future_usage the server will
// confirm with (Stripe refuses the two differing): off_session when a line renews, on_session
// otherwise, from the one rule both sides use.
import { render } from '@testing-library/react';
import Form from 'antd/es/form';
import type { CheckoutQuote } from '@shop/shared/contract/checkout';
import { PaymentSection } from '../src/features/checkout/components/payment-section';

const mockElementProps: Record<string, unknown>[] = [];
jest.mock('@shop/shared/payments/payment-element', () => ({
  PaymentElement: (props: Record<string, unknown>) => {
    mockElementProps.push(props);
    return null;
  },
}));

function quote(interval: CheckoutQuote['lines'][number]['interval']): CheckoutQuote {
  const line = { interval } as CheckoutQuote['lines'][number];
  return {
    currency: 'usd',
    lines: [line],
    subtotal: 12_900,
    discount: 0,
    shipping: 0,
    total: 12_900,
    discountCode: null,
    discountProblem: null,
  };
}

function renderSection(checkoutQuote: CheckoutQuote) {
  render(
    <Form>
      <PaymentSection
        payment="new"
        cards={[]}
        signedIn={false}
        quote={checkoutQuote}
        element={{ current: null }}
        elementMethod="card"
        onElementChange={() => undefined}
        methods={['card']}
      >
        {null}
      </PaymentSection>
    </Form>,
  );
  return mockElementProps.at(-1);
}

describe('the checkout’s Payment Element', () => {
  it('keeps the card off session when a line renews', () => {
    expect(renderSection(quote('quarter'))).toMatchObject({
      mode: 'payment',
      cardFutureUsage: 'off_session',
    });
  });

  it('keeps it on session for a one-time cart (the upgrade offers charge it with the shopper there)', () => {
    expect(renderSection(quote(null))).toMatchObject({ cardFutureUsage: 'on_session' });
  });
});
