// Fills the checkout form as a shopper would: contact, a US address, and the provider's card
// frame (played by the test provider's fake) completed with the 4242 test card.
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { fakeCardFrame } from '@shop/shared/payments/test-provider-fake';

export async function fillCheckout(
  user: UserEvent,
  { email = 'mary@example.com', name = 'Mary Ann Lee' } = {},
) {
  await user.type(await screen.findByLabelText('Email', {}, { timeout: 15_000 }), email);
  await user.type(screen.getByLabelText('Full name'), name);
  await user.type(screen.getByLabelText('Address'), '10 Elm St');
  await user.type(screen.getByLabelText('City'), 'Austin');
  await user.type(screen.getByLabelText('State'), 'TX');
  await user.type(screen.getByLabelText('ZIP code'), '78701');
  return fakeCardFrame([{ token: 'tok_visa4242abc' }]);
}
