// Fills the checkout form as a shopper would: contact, a US address and the 4242 test card.
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

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
  await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/40');
  await user.type(screen.getByLabelText('CVC'), '123');
}
