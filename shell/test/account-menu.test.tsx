// The header's account menu leads a signed-in customer to their account and to their results.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { UserContext } from '@shop/shared/shell-contract/shell-props';
import { AccountMenu } from '../src/features/layout/account-menu';

const userContext = {
  user: { name: 'Ada Lovelace', email: 'ada@example.com' },
  loading: false,
  refresh: async () => undefined,
  logout: async () => undefined,
} as unknown as UserContext;

it('opens on its button and links to the account and the results page', async () => {
  render(
    <MemoryRouter initialEntries={['/']}>
      <AccountMenu userContext={userContext} />
    </MemoryRouter>,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: 'Ada' }));
  expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
  expect(screen.getByRole('link', { name: 'Results' })).toHaveAttribute('href', '/account/results');
  expect(screen.getByRole('button', { name: 'Log out' })).toBeVisible();
});
