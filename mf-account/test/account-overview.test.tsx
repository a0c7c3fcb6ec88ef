import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  answerChallenge,
  fakeCardFrame,
  fakeNextAction,
  TEST_PAYMENTS_CONFIG,
} from '@shop/shared/payments/test-provider-fake';
import { errorBody, fill, renderAccount, type Routes } from './support/render-account';
import {
  cardList as list,
  mastercard,
  nextYear,
  subscription,
  visa,
} from './support/account-fixtures';

const PM = '/user/management-portal/payment-methods';
const address = {
  name: 'Ada Shopper',
  line1: '10 Elm St',
  line2: null,
  city: 'Austin',
  state: 'TX',
  postal_code: '78701',
  country: 'US',
};
const SUBS = '/user/management-portal/subscriptions';
const quarterly = subscription({
  lookupKey: 'bloodwise_quarterly',
  title: 'Bloodwise Quarterly',
  unitAmount: 12900,
  intervalCount: 3,
  nextRenewal: { at: '2030-03-15T12:00:00.000Z', amount: 12900, currency: 'usd', cycle: 2 },
});

function renderOverview(routes: Routes = {}) {
  return renderAccount('/account', {
    routes: {
      [`GET ${SUBS}`]: [200, { subscriptions: [quarterly] }],
      [`GET ${PM}`]: [200, list([visa, mastercard], address)],
      'GET /kits/products/has-scheduled': [200, { hasScheduled: { bloodwise_quarterly: true } }],
      'GET /user/result-uploads': [200, { uploads: [] }],
      'GET /payments/stripe-subscriptions/config': [200, TEST_PAYMENTS_CONFIG],
      ...routes,
    },
  });
}

describe('/account', () => {
  it('sends a logged-out visitor to log in, with the way back', async () => {
    const { store } = renderAccount('/account', {
      routes: {
        [`GET ${SUBS}`]: [401, errorBody('UNAUTHORIZED', 'Please log in to continue')],
        [`GET ${PM}`]: [401, errorBody('UNAUTHORIZED', 'Please log in to continue')],
      },
    });
    await waitFor(() => expect(store.getLocation().pathname).toBe('/login'));
    expect(store.getLocation().search).toBe('?redirect=%2Faccount');
  });

  it('shows skeletons, then the cards, address and subscription, with its kit already scheduled, and no balance', async () => {
    const { callsTo } = renderOverview();
    expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Payment methods' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    const cards = await screen.findByRole('list', { name: 'Saved cards' });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining(`Visa ending in 4242DefaultExpires 12/${nextYear}`),
      expect.stringContaining(`Mastercard ending in 4444Expires 03/${nextYear}`),
    ]);
    expect(screen.getByText('Logged in as', { exact: false })).toHaveTextContent(
      'Logged in as ada@example.com',
    );
    const shipping = screen.getByRole('region', { name: 'Shipping address' });
    expect(within(shipping).getByText(/10 Elm St/)).toBeInTheDocument();
    expect(within(shipping).getByText(/Austin, TX 78701/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Bloodwise Quarterly' })).toHaveAttribute(
      'href',
      '/account/subscriptions/sub_1',
    );
    expect(screen.getByText(/\$129 every 3 months · Renews Mar 15, 2030$/)).toBeInTheDocument();
    expect(await screen.findByTestId('kit-scheduled')).toHaveTextContent('Next kit scheduled');
    expect(callsTo('GET', '/kits/products/has-scheduled')[0]?.params).toEqual({
      ids: 'bloodwise_quarterly',
    });
    // The balance is for the cart and checkout pages only.
    expect(callsTo('GET', '/user/cms-info')).toEqual([]);
    expect(screen.queryByText('Account credit')).not.toBeInTheDocument();
  });

  it('says so when there is nothing saved yet', async () => {
    renderOverview({
      [`GET ${PM}`]: [200, list([])],
      [`GET ${SUBS}`]: [200, { subscriptions: [] }],
    });
    expect(await screen.findByText('No saved cards yet.')).toBeInTheDocument();
    expect(screen.getByText(/No shipping address saved yet/)).toBeInTheDocument();
    expect(await screen.findByText(/You have no subscription yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add an address' })).toBeInTheDocument();
  });

  it('makes a card the default and removes one after confirming', async () => {
    const { callsTo } = renderOverview({
      [`POST ${PM}/pm_mc/default`]: [
        200,
        list(
          [
            { ...visa, isDefault: false },
            { ...mastercard, isDefault: true },
          ],
          address,
        ),
      ],
      [`DELETE ${PM}/pm_visa`]: [200, list([{ ...mastercard, isDefault: true }], address)],
    });
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Make Mastercard ending in 4444 the default card',
      }),
    );
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Make Visa ending in 4242 the default card' }),
      ).toBeInTheDocument(),
    );
    expect(callsTo('POST', `${PM}/pm_mc/default`)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Visa ending in 4242' }));
    expect(callsTo('DELETE', `${PM}/pm_visa`)).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove card' }));
    await waitFor(() => expect(screen.queryByText('Visa ending in 4242')).not.toBeInTheDocument());
    expect(callsTo('DELETE', `${PM}/pm_visa`)).toHaveLength(1);
  });
});

describe('/account: adding a card', () => {
  async function openForm() {
    await userEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    return screen.getByRole('form', { name: 'Add a card' });
  }
  const save = () => userEvent.click(screen.getByRole('button', { name: 'Save card' }));

  it('collects the card in the provider’s frame (setup mode), never in the page, and says what the frame refuses', async () => {
    const { callsTo } = renderOverview();
    const form = await openForm();
    const { frame } = await fakeCardFrame([{ error: 'Your card number is invalid.' }]);
    expect(form).toContainElement(frame);
    expect(new URL(frame.src).searchParams.get('methods')).toBe('card');
    expect(within(form).queryByLabelText(/card number|cvc|expiry/i)).not.toBeInTheDocument();
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The card was not savedYour card number is invalid.',
    );
    expect(callsTo('POST', PM)).toHaveLength(0);
  });

  it("shows a declined card's reason and keeps the form", async () => {
    renderOverview({
      [`POST ${PM}`]: [402, errorBody('CARD_DECLINED', 'Your card was declined.')],
    });
    await openForm();
    await fakeCardFrame([{ token: 'tok_declined0002' }]);
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('form', { name: 'Add a card' })).toBeInTheDocument();
    expect(screen.getByTitle('Secure card payment')).toBeInTheDocument();
  });

  it('saves a card, sending its token and makeDefault, and lists it', async () => {
    const added = {
      id: 'pm_new',
      brand: 'visa',
      last4: '1881',
      expMonth: 12,
      expYear: nextYear,
      isDefault: true,
    };
    const { callsTo, record } = renderOverview({
      [`POST ${PM}`]: [201, list([{ ...visa, isDefault: false }, mastercard, added], address)],
    });
    await openForm();
    await fakeCardFrame([{ token: 'tok_visa1881abc' }]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Make this my default card' }));
    await save();
    expect(await screen.findByText('Visa ending in 1881')).toBeInTheDocument();
    expect(callsTo('POST', PM)[0]?.body).toEqual({ token: 'tok_visa1881abc', makeDefault: true });
    expect(screen.queryByRole('form', { name: 'Add a card' })).not.toBeInTheDocument();
    expect(record.notifications).toContainEqual(
      expect.objectContaining({ level: 'success', message: 'Card saved' }),
    );
  });

  it('takes a card the bank wants confirmed through the provider’s dialog, then confirms it with the API', async () => {
    const confirmed = {
      id: 'pm_3ds',
      brand: 'visa',
      last4: '3184',
      expMonth: 12,
      expYear: nextYear,
      isDefault: false,
    };
    const { callsTo } = renderOverview({
      [`POST ${PM}`]: [
        202,
        {
          status: 'requires_confirmation',
          confirmationId: 'seti_123',
          clientSecret: 'seti_123_secret_abc',
          message: 'Your bank asks you to confirm this card.',
        },
      ],
      [`POST ${PM}/confirmations/seti_123`]: [201, list([visa, mastercard, confirmed], address)],
    });
    const asked = fakeNextAction({
      type: 'challenge',
      url: '/test-provider/authenticate?client_secret=seti_123_secret_abc',
    });
    await openForm();
    await fakeCardFrame([{ token: 'tok_visa3184abc' }]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Make this my default card' }));
    await save();
    await screen.findByRole('dialog', { name: 'Confirm your payment with your bank' });
    expect(asked[0]).toContain('client_secret=seti_123_secret_abc');
    // The bank's dialog is the progress now: the button behind it is not left spinning.
    expect(screen.getByRole('button', { name: 'Save card' })).not.toHaveClass('ant-btn-loading');
    expect(callsTo('POST', `${PM}/confirmations/seti_123`)).toHaveLength(0);
    expect(screen.queryByText('Visa ending in 3184')).not.toBeInTheDocument();
    await answerChallenge('succeeded');
    expect(await screen.findByText('Visa ending in 3184')).toBeInTheDocument();
    // The default choice the 202 interrupted travels with the confirmation.
    expect(callsTo('POST', `${PM}/confirmations/seti_123`).map((call) => call.body)).toEqual([
      { makeDefault: true },
    ]);
  });

  it('keeps the card unsaved when the bank’s check fails', async () => {
    const { callsTo } = renderOverview({
      [`POST ${PM}`]: [
        202,
        {
          status: 'requires_confirmation',
          confirmationId: 'seti_9',
          clientSecret: 'seti_9_secret_x',
          message: 'Confirm it.',
        },
      ],
    });
    fakeNextAction({ type: 'challenge', url: '/test-provider/authenticate?client_secret=x' });
    await openForm();
    await fakeCardFrame([{ token: 'tok_visa3184abc' }]);
    await save();
    await answerChallenge('failed');
    expect(await screen.findByRole('alert')).toHaveTextContent(/did not confirm/);
    expect(callsTo('POST', `${PM}/confirmations/seti_9`)).toHaveLength(0);
    expect(screen.getByRole('form', { name: 'Add a card' })).toBeInTheDocument();
  });
});

describe('/account: the shipping address', () => {
  it('validates by country and saves the address', async () => {
    const saved = { ...address, line1: '1 Main St', line2: 'Unit 5', postal_code: '73301' };
    const { callsTo } = renderOverview({
      'PUT /user/management-portal/shipping-address': [200, list([visa], saved)],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit address' }));
    const form = screen.getByRole('form', { name: 'Shipping address' });
    expect(within(form).getByLabelText('Full name')).toHaveValue('Ada Shopper');
    expect(within(form).getByLabelText('State')).toBeInTheDocument();

    await fill(within(form).getByLabelText('ZIP code'), '1234');
    await userEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Enter a 5-digit ZIP code')).toBeInTheDocument();
    expect(within(form).getByLabelText('ZIP code')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('PUT', '/user/management-portal/shipping-address')).toHaveLength(0);

    await fill(within(form).getByLabelText('Address line 1'), '1 Main St');
    await fill(within(form).getByLabelText('Address line 2 (optional)'), 'Unit 5');
    await fill(within(form).getByLabelText('ZIP code'), '73301');
    await userEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText(/1 Main St/)).toBeInTheDocument();
    expect(callsTo('PUT', '/user/management-portal/shipping-address')[0]?.body).toEqual({
      name: 'Ada Shopper',
      country: 'US',
      line1: '1 Main St',
      line2: 'Unit 5',
      city: 'Austin',
      state: 'TX',
      postal_code: '73301',
    });
    expect(screen.getByRole('button', { name: 'Edit address' })).toBeInTheDocument();
  });

  it('switches to provinces and Canadian postal codes for Canada', async () => {
    renderOverview({ [`GET ${PM}`]: [200, list([visa])] });
    await userEvent.click(await screen.findByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'Shipping address' });
    await userEvent.click(within(form).getByLabelText('Country'));
    await userEvent.click(await screen.findByTitle('Canada'));
    expect(await within(form).findByLabelText('Province or territory')).toBeInTheDocument();
    await fill(within(form).getByLabelText('Postal code'), '12345');
    await userEvent.tab();
    expect(await screen.findByText('Enter a postal code such as K1A 0B1')).toBeInTheDocument();
  });
});
