import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderArea } from '@shop/shared/shell-contract/test-shell';
import { AccountRoot } from '../src/app/parcel';

describe('account area', () => {
  it('renders the log-in form and validates it before calling the API', async () => {
    renderArea(AccountRoot, { path: '/login' });
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
  });

  it('links from log in to sign up through the shell history', async () => {
    const { store } = renderArea(AccountRoot, { path: '/login' });
    await userEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(store.getLocation().pathname).toBe('/signup');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeInTheDocument();
  });
});
