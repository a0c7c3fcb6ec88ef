// A code this email may not use is looked up as null for it; the checkout says why (the check's
// message), while a code that does not exist still reads "not found".
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderCheckout } from './render-checkout';

jest.setTimeout(60_000);
const slow = { timeout: 15_000 };
const ALREADY_USED = 'This discount code was already used with this email address.';

async function applyWithEmail(code: string) {
  const user = userEvent.setup({ delay: null });
  const { api } = renderCheckout('/checkout', {
    cart: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }],
  });
  api.on(({ url }) =>
    /\/discounts\/[A-Z0-9]+$/.test(url) ? { status: 200, data: null } : undefined,
  );
  api.on(({ url }) =>
    /\/discounts\/ONCEPER15\/is-valid$/.test(url)
      ? {
          status: 200,
          data: { valid: false, reason: 'already_used', message: ALREADY_USED, discountAmount: 0 },
        }
      : /\/discounts\/NOSUCHCODE\/is-valid$/.test(url)
        ? {
            status: 200,
            data: {
              valid: false,
              reason: 'not_found',
              message: 'We could not find this discount code.',
              discountAmount: 0,
            },
          }
        : undefined,
  );
  await user.type(await screen.findByLabelText('Email', {}, slow), 'mary@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Discount code' }), code);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  return screen.findByRole('alert', {}, slow);
}

it('says a one-use code was already used with this email', async () => {
  const alert = await applyWithEmail('ONCEPER15');
  expect(alert).toHaveTextContent(ALREADY_USED);
  expect(screen.queryByTestId('summary-discount')).not.toBeInTheDocument();
});

it('still says an unknown code was not found', async () => {
  expect(await applyWithEmail('NOSUCHCODE')).toHaveTextContent(
    'We could not find the code NOSUCHCODE.',
  );
});
