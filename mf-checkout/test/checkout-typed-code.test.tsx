// A code the shopper types is checked when they press Apply (only a code the page started with,
// from the URL or the visit, is tried by itself), and with the email as it is when the check
// answers: an email that changed meanwhile is checked again. A typed code that was tried at once
// ran for no email when the first view handed a form over, and the shopper saw a one-use code
// "applied" that the order would refuse.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderCheckout } from './render-checkout';

jest.setTimeout(60_000);
const slow = { timeout: 15_000 };
const ALREADY_USED = 'This discount code was already used with this email address.';

/** The checkout with ONCEPER15 used by mary@ (and open to anyone else); every discount read kept. */
function checkoutWithOneUseCode() {
  const reads: string[] = [];
  const { api } = renderCheckout('/checkout', {
    cart: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }],
  });
  let answerLookup: () => void = () => undefined;
  const lookupHeld = new Promise<void>((resolve) => (answerLookup = resolve));
  api.on(({ url, params }) => {
    if (!url.includes('/discounts/')) return undefined;
    const email = (params as { email?: string } | undefined)?.email;
    reads.push(`${url.replace(/^.*\/discounts\//, '')} ${email ?? '(no email)'}`);
    if (!url.endsWith('/is-valid'))
      return lookupHeld.then(() => ({
        status: 200,
        data: email === 'mary@example.com' ? null : { code: 'ONCEPER15', percentOff: 15 },
      }));
    return email === 'mary@example.com'
      ? {
          status: 200,
          data: { valid: false, reason: 'already_used', message: ALREADY_USED, discountAmount: 0 },
        }
      : { status: 200, data: { valid: true, discountAmount: 2235 } };
  });
  return { reads, answerLookup };
}

it('checks a typed code when Apply is pressed, not as it is typed', async () => {
  const user = userEvent.setup({ delay: null });
  const { reads, answerLookup } = checkoutWithOneUseCode();
  answerLookup();
  await user.type(await screen.findByLabelText('Email', {}, slow), 'mary@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'ONCEPER15');
  expect(reads).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent(ALREADY_USED);
  expect(reads).toEqual(['ONCEPER15 mary@example.com', 'ONCEPER15/is-valid mary@example.com']);
});

it('checks the code again when the email changed while it was being checked', async () => {
  const user = userEvent.setup({ delay: null });
  const { reads, answerLookup } = checkoutWithOneUseCode();
  await screen.findByLabelText('Email', {}, slow);
  await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'ONCEPER15');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(reads).toEqual(['ONCEPER15 (no email)']));
  await user.type(screen.getByLabelText('Email'), 'mary@example.com');
  answerLookup();
  expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent(ALREADY_USED);
  expect(reads.at(-1)).toBe('ONCEPER15/is-valid mary@example.com');
});
