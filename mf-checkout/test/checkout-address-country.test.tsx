// The address follows the chosen country: its labels, its rules and its messages.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderCheckout } from './render-checkout';

jest.setTimeout(60_000);
const slow = { timeout: 15_000 };
const CART = [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }];

async function chooseCanada(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: 'Country' }, slow));
  await user.click(await screen.findByTitle('Canada'));
  await screen.findByLabelText('Postal code');
}

/** The messages under a field, found from its label. */
function messagesOf(label: string): string {
  const item = screen.getByLabelText(label).closest('.ant-form-item')!;
  return item.querySelector('.ant-form-item-explain')?.textContent ?? '';
}

describe('the address follows the chosen country', () => {
  it('switches to Canada with an empty postal code without a word about ZIP codes', async () => {
    const user = userEvent.setup({ delay: null });
    renderCheckout('/checkout', { cart: CART });
    await chooseCanada(user);
    expect(screen.getByLabelText('Province or territory')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/ZIP/);
  });

  it('checks what was typed again under Canada’s rules, with Canadian messages', async () => {
    const user = userEvent.setup({ delay: null });
    renderCheckout('/checkout', { cart: CART });
    await user.type(await screen.findByLabelText('State', {}, slow), 'TX');
    await user.type(screen.getByLabelText('ZIP code'), '78701');
    await chooseCanada(user);
    await waitFor(() =>
      expect(messagesOf('Postal code')).toBe('Enter a postal code such as K1A 0B1'),
    );
    expect(messagesOf('Province or territory')).toBe(
      'Enter a Canadian province or territory, such as ON or Ontario',
    );
    await user.clear(screen.getByLabelText('Province or territory'));
    await user.type(screen.getByLabelText('Province or territory'), 'Ontario');
    await user.clear(screen.getByLabelText('Postal code'));
    await user.type(screen.getByLabelText('Postal code'), 'K1A 0B1');
    await waitFor(() => expect(messagesOf('Postal code')).toBe(''));
    expect(messagesOf('Province or territory')).toBe('');
    expect(document.body).not.toHaveTextContent(/ZIP/);
  });

  it('asks for a province, not a state, when Place order finds it empty', async () => {
    const user = userEvent.setup({ delay: null });
    renderCheckout('/checkout', { cart: CART });
    await chooseCanada(user);
    await user.click(await screen.findByTestId('place-order', {}, slow));
    await waitFor(() =>
      expect(messagesOf('Province or territory')).toBe('Please enter a province or territory'),
    );
    expect(messagesOf('Postal code')).toBe('Enter a postal code such as K1A 0B1');
  });
});
