// A code the shopper sees applied is the code the order carries, even when Place order is clicked
// while a changed email has the code checked again.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeAnswer } from '@shop/shared/shell-contract/fake-api';
import { DISCOUNT_CHANGED_MESSAGE } from '../src/features/checkout/components/checkout-form';
import { fillCheckout } from './fill-checkout';
import { renderCheckout } from './render-checkout';

jest.setTimeout(60_000);
const slow = { timeout: 15_000 };
const CART = [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }];

const valid: FakeAnswer = {
  status: 200,
  data: { valid: true, discountAmount: 1295, message: null },
};
const refused: FakeAnswer = {
  status: 200,
  data: { valid: false, discountAmount: 0, message: 'This code is for other customers.' },
};

/** Answers the first check of WELCOME10 at once and holds every later one until released. */
function holdRechecks(api: ReturnType<typeof renderCheckout>['api']) {
  const held: ((answer: FakeAnswer) => void)[] = [];
  let checks = 0;
  api.on(({ url }) =>
    /\/discounts\/WELCOME10$/.test(url) ? { status: 200, data: { code: 'WELCOME10' } } : undefined,
  );
  api.on(({ url }) => {
    if (!/\/discounts\/WELCOME10\/is-valid$/.test(url)) return undefined;
    checks += 1;
    if (checks === 1) return valid;
    return new Promise<FakeAnswer>((resolve) => held.push(resolve));
  });
  return {
    pending: () => held.length,
    release: (answer: FakeAnswer) => held.splice(0).forEach((resolve) => resolve(answer)),
  };
}

async function placeWhileChecking(answer: FakeAnswer) {
  const user = userEvent.setup({ delay: null });
  const rendered = renderCheckout('/checkout?discount=welcome10', { cart: CART });
  const recheck = holdRechecks(rendered.api);
  expect(await screen.findByTestId('discount-message', {}, slow)).toHaveTextContent(
    'WELCOME10 applied',
  );
  // Typing the email checks the code again; the answer is held.
  await fillCheckout(user);
  await waitFor(() => expect(recheck.pending()).toBeGreaterThan(0), slow);
  // Still applied, still priced, while it is checked.
  expect(screen.getByTestId('discount-message')).toHaveTextContent('WELCOME10 applied');
  expect(screen.getByTestId('summary-discount')).toBeInTheDocument();
  await user.click(screen.getByTestId('place-order'));
  expect(rendered.api.calls(/\/checkout\/orders$/, 'post')).toHaveLength(0);
  recheck.release(answer);
  return rendered;
}

describe('a discount checked again while the order is placed', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('waits for the check and sends the code the shopper saw applied', async () => {
    const { api } = await placeWhileChecking(valid);
    await waitFor(() => expect(api.calls(/\/checkout\/orders$/, 'post')).toHaveLength(1), slow);
    expect(api.calls(/\/checkout\/orders$/, 'post')[0]!.body).toMatchObject({
      discountCode: 'WELCOME10',
    });
  });

  it('stops the order and says so when the code no longer applies', async () => {
    const { api } = await placeWhileChecking(refused);
    expect(await screen.findByTestId('payment-error', {}, slow)).toHaveTextContent(
      DISCOUNT_CHANGED_MESSAGE,
    );
    expect(screen.getByText('This code is for other customers.')).toBeInTheDocument();
    expect(api.calls(/\/checkout\/orders$/, 'post')).toHaveLength(0);
  });

  it('sends begin_checkout once, with the URL code applied and the total the shopper sees', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, record } = renderCheckout('/checkout?discount=welcome10', { cart: CART });
    holdRechecks(api);
    expect(await screen.findByTestId('discount-message', {}, slow)).toHaveTextContent(
      'WELCOME10 applied',
    );
    await waitFor(
      () =>
        expect(record.tracked.filter((entry) => entry.event === 'begin_checkout')).toHaveLength(1),
      slow,
    );
    const total = screen.getByTestId('summary-total').textContent!;
    expect(record.tracked.find((entry) => entry.event === 'begin_checkout')!.params).toMatchObject({
      ecommerce: { coupon: 'WELCOME10', value: Number(total.replace(/[^0-9.]/g, '')) },
    });

    // add_payment_info carries the tracked address fields, and only those.
    await fillCheckout(user);
    const paymentInfo = record.tracked.find((entry) => entry.event === 'add_payment_info')!;
    expect(paymentInfo.params).toMatchObject({
      shipping_address: { city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' },
    });
    expect(JSON.stringify(paymentInfo.params)).not.toMatch(/Elm St|Mary/);
  });
});
