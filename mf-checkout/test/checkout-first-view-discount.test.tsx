// A code applied on the server's first view, before the checkout was live (the shell's first
// script did it), is where the live page starts: its message stays on screen while the page checks
// the code again, as for any code it opens with; a code the first view found wanting stays refused
// and is not tried again by itself.
import { screen, waitFor } from '@testing-library/react';
import { FIRST_VIEW_DISCOUNT_KEY } from '@shop/shared/contract/cart-keys';
import type { FakeAnswer } from '@shop/shared/shell-contract/fake-api';
import { renderCheckout } from './render-checkout';

jest.setTimeout(60_000);
const slow = { timeout: 15_000 };
const CART = [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }];

it('starts with the code applied on the first view shown, checks it again, and settles on the answer', async () => {
  const reads: string[] = [];
  let answer: (value: FakeAnswer) => void = () => undefined;
  const { queryClient } = renderCheckout('/checkout', {
    cart: CART,
    seed: (client) =>
      client.setQueryData(FIRST_VIEW_DISCOUNT_KEY, {
        code: 'WELCOME10',
        message: 'WELCOME10 applied: −$14.90',
        applied: true,
      }),
    handlers: [
      ({ url }) => {
        if (!url.includes('/discounts/')) return undefined;
        reads.push(url.replace(/^.*\/discounts\//, ''));
        if (!url.endsWith('/is-valid')) return { status: 200, data: { code: 'WELCOME10' } };
        return new Promise<FakeAnswer>((resolve) => (answer = resolve));
      },
    ],
  });
  expect(await screen.findByTestId('discount-message', {}, slow)).toHaveTextContent(
    'WELCOME10 applied: −$14.90',
  );
  expect(screen.getByRole('textbox', { name: 'Discount code' })).toHaveValue('WELCOME10');
  await waitFor(() => expect(reads).toEqual(['WELCOME10', 'WELCOME10/is-valid']), slow);
  expect(screen.getByTestId('discount-message')).toHaveTextContent('WELCOME10 applied: −$14.90');
  answer({ status: 200, data: { valid: true, discountAmount: 1490, message: null } });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled(), slow);
  expect(screen.getByTestId('discount-message')).toHaveTextContent('WELCOME10 applied: −$14.90');
  // Read once: a later checkout in this visit starts from its own state.
  expect(queryClient.getQueryData(FIRST_VIEW_DISCOUNT_KEY)).toBeUndefined();
});

it('starts with a refusal from the first view shown, and does not try that code again by itself', async () => {
  const reads: string[] = [];
  renderCheckout('/checkout', {
    cart: CART,
    seed: (client) =>
      client.setQueryData(FIRST_VIEW_DISCOUNT_KEY, {
        code: 'NOPE',
        message: 'We could not find the code NOPE.',
        applied: false,
      }),
    handlers: [
      ({ url }) => {
        if (url.includes('/discounts/')) reads.push(url);
        return undefined;
      },
    ],
  });
  expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent(
    'We could not find the code NOPE.',
  );
  await screen.findByTestId('summary-total', {}, slow);
  expect(screen.getByRole('textbox', { name: 'Discount code' })).toHaveValue('NOPE');
  expect(reads).toEqual([]);
});
