import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { fakeCardFrame, TEST_PAYMENTS_CONFIG } from '@shop/shared/payments/test-provider-fake';
import type { SubscriptionDetail } from '@shop/shared/contract/subscriptions';
import {
  cardList as cards,
  mastercard,
  NONE,
  nextYear,
  subscription,
  visa,
} from './support/account-fixtures';
import { errorBody, renderAccount, type Routes } from './support/render-account';

const BASE = '/user/management-portal/subscriptions/sub_1';
const PM = '/user/management-portal/payment-methods';
const history = {
  entries: [
    {
      kind: 'change',
      at: '2030-02-20T12:00:00.000Z',
      label: 'New card',
      amount: null,
      currency: null,
      status: null,
      orderId: null,
    },
    {
      kind: 'renewal',
      at: '2030-02-15T12:00:00.000Z',
      label: 'Renewal 1',
      amount: 4900,
      currency: 'usd',
      status: 'paid',
      orderId: 'ord_2',
    },
    {
      kind: 'refund',
      at: '2030-01-20T12:00:00.000Z',
      label: 'Refund',
      amount: 1000,
      currency: 'usd',
      status: null,
      orderId: 'ord_1',
    },
    {
      kind: 'order',
      at: '2030-01-15T12:00:00.000Z',
      label: 'First order',
      amount: 4900,
      currency: 'usd',
      status: 'paid',
      orderId: 'ord_1',
    },
  ],
};

function renderSubscription(
  detail: SubscriptionDetail = subscription(),
  routes: Routes = {},
  path = '/account/subscriptions/sub_1',
) {
  return renderAccount(path, {
    routes: {
      [`GET ${BASE}`]: [200, detail],
      [`GET ${BASE}/history`]: [200, history],
      [`GET ${PM}`]: [200, cards([visa, mastercard])],
      'GET /payments/stripe-subscriptions/config': [200, TEST_PAYMENTS_CONFIG],
      ...routes,
    },
  });
}

const manage = () => screen.getByRole('region', { name: 'Manage' });
const notice = () => screen.getByRole('status', { name: '' });
const dialog = (name: string) => screen.findByRole('dialog', { name });
/** Presses one of the page's actions once the subscription is there. */
async function pressAction(name: string) {
  const region = await screen.findByRole('region', { name: 'Manage' });
  await userEvent.click(await within(region).findByRole('button', { name }));
}

describe('/account/subscriptions/:id', () => {
  it('sends a logged-out visitor to log in and back to the card step', async () => {
    const { store } = renderAccount('/account/subscriptions/sub_1/card', {
      routes: { [`GET ${BASE}`]: [401, errorBody('UNAUTHORIZED', 'Please log in to continue')] },
    });
    await waitFor(() => expect(store.getLocation().pathname).toBe('/login'));
    expect(store.getLocation().search).toBe(
      `?redirect=${encodeURIComponent('/account/subscriptions/sub_1/card')}`,
    );
  });

  it("says so for a subscription that is not the visitor's", async () => {
    renderAccount('/account/subscriptions/sub_1', {
      routes: { [`GET ${BASE}`]: [404, errorBody('NOT_FOUND', 'Not found')] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not find this subscription in your account.',
    );
  });

  it('shows the plan, next renewal and amount, the card, only the allowed actions, and the history with statuses', async () => {
    renderSubscription();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bloodwise Monthly' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('subscription-summary')).toHaveTextContent(
      'Renews Mar 15, 2030 · $49',
    );
    const plan = screen.getByRole('region', { name: 'Your plan' });
    expect(within(plan).getByText('$49 every month')).toBeInTheDocument();
    expect(screen.getByTestId('next-renewal')).toHaveTextContent('Mar 15, 2030 · $49');
    expect(screen.getByTestId('subscription-card')).toHaveTextContent(
      `Visa ending in 4242, expires 12/${nextYear}`,
    );
    expect(
      within(manage())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Update card', 'Change how often', 'Skip next kit', 'Pause', 'Cancel subscription']);
    const rows = within(
      await screen.findByRole('list', { name: 'Orders, renewals and changes' }),
    ).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^New cardFeb 20, 2030$/),
      expect.stringMatching(/^Renewal 1Feb 15, 2030 · Order ORD_2\$49Paid$/),
      expect.stringMatching(/^RefundJan 20, 2030 · Order ORD_1−\$10$/),
      expect.stringMatching(/^First orderJan 15, 2030 · Order ORD_1\$49Paid$/),
    ]);
    // Each order's reference opens that order in the account's order history.
    expect(within(rows[1]!).getByRole('link', { name: 'Order ORD_2' })).toHaveAttribute(
      'href',
      '/account/orders/ord_2',
    );
  });

  it.each([
    [{ cancelAtPeriodEnd: true, nextRenewal: null }, 'Ends Mar 15, 2030'],
    [
      { status: 'paused' as const, pausedUntil: '2030-05-01T12:00:00.000Z' },
      'Paused until May 1, 2030',
    ],
    [
      { status: 'canceled' as const, canceledAt: '2030-03-15T12:00:00.000Z', nextRenewal: null },
      'Ended Mar 15, 2030',
    ],
  ])('says what comes next: %o', async (overrides, text) => {
    renderSubscription(subscription(overrides));
    expect(await screen.findByTestId('subscription-summary')).toHaveTextContent(text);
  });

  it('asks a past-due subscriber to update the card, with when the next try runs', async () => {
    renderSubscription(
      subscription({
        status: 'past_due',
        recovery: { failedAttempts: 1, nextRetryAt: '2030-03-18T12:00:00.000Z' },
        actions: { ...NONE, cancel: true, updateCard: true },
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment failed — update your card');
    expect(alert).toHaveTextContent('We will try the payment again on Mar 18, 2030');
    expect(screen.getByTestId('subscription-summary')).toHaveTextContent(
      'Payment failed — update your card',
    );
  });

  describe('cancel', () => {
    it('offers one way to stay beside the cancel button, sends the reason, states the end date, focuses the result; then keep undoes it', async () => {
      const { callsTo } = renderSubscription(subscription(), {
        [`POST ${BASE}/cancel`]: [
          200,
          subscription({
            cancelAtPeriodEnd: true,
            nextRenewal: null,
            actions: { ...NONE, keep: true, updateCard: true },
          }),
        ],
        [`POST ${BASE}/keep`]: [200, subscription()],
      });
      await pressAction('Cancel subscription');
      const modal = await dialog('Cancel your subscription');
      expect(modal).toHaveTextContent('Your subscription stays active until Mar 15, 2030.');
      // One offer (the skip), and the way to finish cancelling is in view beside it.
      expect(
        within(modal).getByRole('complementary', { name: 'Need a break instead?' }),
      ).toHaveTextContent('Skip your next kit (Mar 15, 2030)');
      expect(
        within(modal).queryByRole('button', { name: 'Pause instead' }),
      ).not.toBeInTheDocument();
      await waitFor(() =>
        expect(within(modal).getByRole('button', { name: 'Cancel subscription' })).toBeVisible(),
      );
      await userEvent.click(within(modal).getByRole('radio', { name: 'The kits come too often' }));
      await userEvent.click(within(modal).getByRole('button', { name: 'Cancel subscription' }));

      await waitFor(() => expect(notice()).toHaveFocus());
      expect(notice()).toHaveTextContent('It stays active until Mar 15, 2030 and will not renew.');
      expect(callsTo('POST', `${BASE}/cancel`)[0]?.body).toEqual({ reason: 'too-often' });
      expect(screen.getByTestId('subscription-summary')).toHaveTextContent('Ends Mar 15, 2030');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      await userEvent.click(within(manage()).getByRole('button', { name: 'Keep my subscription' }));
      await waitFor(() =>
        expect(notice()).toHaveTextContent(
          'Your subscription continues: it renews on Mar 15, 2030.',
        ),
      );
      expect(notice()).toHaveFocus();
      expect(callsTo('POST', `${BASE}/keep`)).toHaveLength(1);
      expect(screen.getByTestId('subscription-summary')).toHaveTextContent('Renews Mar 15, 2030');
    });

    it('keeps the dialog and the chosen reason when the cancel fails, with the API’s message', async () => {
      renderSubscription(subscription(), {
        [`POST ${BASE}/cancel`]: [
          409,
          errorBody('CONFLICT', 'A renewal is running; try again in a moment.'),
        ],
      });
      await pressAction('Cancel subscription');
      const modal = await dialog('Cancel your subscription');
      await userEvent.click(within(modal).getByRole('radio', { name: 'It costs too much' }));
      await userEvent.click(within(modal).getByRole('button', { name: 'Cancel subscription' }));
      expect(await within(modal).findByRole('alert')).toHaveTextContent(
        'A renewal is running; try again in a moment.',
      );
      expect(within(modal).getByRole('radio', { name: 'It costs too much' })).toBeChecked();
    });

    it('takes the save offer instead: the next kit is skipped, nothing is cancelled', async () => {
      const { callsTo } = renderSubscription(subscription(), {
        [`POST ${BASE}/skip`]: [
          200,
          subscription({
            skippedRenewalAt: '2030-03-15T12:00:00.000Z',
            actions: { ...NONE, cancel: true, unskip: true },
          }),
        ],
      });
      await pressAction('Cancel subscription');
      const modal = await dialog('Cancel your subscription');
      await userEvent.click(
        within(modal).getByRole('button', { name: 'Skip my next kit instead' }),
      );
      await waitFor(() =>
        expect(notice()).toHaveTextContent('Your kit of Mar 15, 2030 is skipped'),
      );
      expect(callsTo('POST', `${BASE}/cancel`)).toHaveLength(0);
    });

    it('offers a pause when skipping is not allowed, and ends at once when nothing is paid ahead', async () => {
      const { callsTo } = renderSubscription(
        subscription({ status: 'past_due', actions: { ...NONE, cancel: true, updateCard: true } }),
        {
          [`POST ${BASE}/cancel`]: [
            200,
            subscription({
              status: 'canceled',
              canceledAt: '2030-03-01T12:00:00.000Z',
              nextRenewal: null,
              actions: NONE,
            }),
          ],
        },
      );
      await pressAction('Cancel subscription');
      const modal = await dialog('Cancel your subscription');
      expect(modal).toHaveTextContent('ends as soon as you cancel');
      expect(within(modal).queryByRole('complementary')).not.toBeInTheDocument();
      await userEvent.click(within(modal).getByRole('button', { name: 'Cancel subscription' }));
      await waitFor(() => expect(notice()).toHaveTextContent('Your subscription has ended.'));
      expect(callsTo('POST', `${BASE}/cancel`)[0]?.body).toEqual({ immediately: true });
      expect(
        screen.getByText('This subscription has ended: there is nothing to change.'),
      ).toBeInTheDocument();
    });

    it('offers a pause as the one offer when only pausing is allowed, and returns focus to the button on close', async () => {
      renderSubscription(subscription({ actions: { ...NONE, cancel: true, pause: true } }));
      const button = await within(await screen.findByRole('region', { name: 'Manage' })).findByRole(
        'button',
        { name: 'Cancel subscription' },
      );
      await userEvent.click(button);
      const modal = await dialog('Cancel your subscription');
      expect(
        within(modal).getByRole('complementary', { name: 'Want to pause instead?' }),
      ).toBeInTheDocument();
      await userEvent.click(within(modal).getByRole('button', { name: 'Keep my subscription' }));
      await waitFor(() => expect(button).toHaveFocus());
    });
  });

  it('pauses until a typed date, then resumes', async () => {
    const until = dayjs().add(20, 'day');
    const { callsTo } = renderSubscription(subscription(), {
      [`POST ${BASE}/pause`]: [
        200,
        subscription({
          status: 'paused',
          pausedUntil: until.toISOString(),
          actions: { ...NONE, cancel: true, resume: true },
        }),
      ],
      [`POST ${BASE}/resume`]: [200, subscription()],
    });
    await pressAction('Pause');
    const modal = await dialog('Pause your subscription');
    // Nothing chosen yet: the field says what it needs.
    await userEvent.click(within(modal).getByRole('button', { name: 'Pause subscription' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent(
      'Choose the day your subscription starts again.',
    );
    const field = within(modal).getByLabelText('Pause until');
    await userEvent.type(field, `${until.format('YYYY-MM-DD')}{Enter}`);
    await userEvent.click(within(modal).getByRole('button', { name: 'Pause subscription' }));
    await waitFor(() =>
      expect(notice()).toHaveTextContent(`paused until ${until.format('MMM D, YYYY')}`),
    );
    expect(notice()).toHaveFocus();
    expect(callsTo('POST', `${BASE}/pause`)[0]?.body).toEqual({
      until: until.startOf('day').toISOString(),
    });

    await userEvent.click(within(manage()).getByRole('button', { name: 'Resume now' }));
    await waitFor(() => expect(notice()).toHaveTextContent('Your subscription is active again'));
    expect(callsTo('POST', `${BASE}/resume`)).toHaveLength(1);
  });

  it('skips the next kit and undoes it; a refused change says why and changes nothing', async () => {
    let unskips = 0;
    const { callsTo } = renderSubscription(subscription(), {
      [`POST ${BASE}/skip`]: [
        200,
        subscription({
          skippedRenewalAt: '2030-03-15T12:00:00.000Z',
          actions: { ...NONE, cancel: true, unskip: true },
        }),
      ],
      [`DELETE ${BASE}/skip`]: () =>
        ++unskips === 1
          ? [409, errorBody('CONFLICT', 'That renewal has already run.')]
          : [200, subscription()],
    });
    await pressAction('Skip next kit');
    await waitFor(() => expect(notice()).toHaveTextContent('Your kit of Mar 15, 2030 is skipped'));
    expect(screen.getByTestId('next-renewal')).toHaveTextContent(
      'The kit of Mar 15, 2030 is skipped.',
    );
    expect(callsTo('POST', `${BASE}/skip`)).toHaveLength(1);

    await userEvent.click(within(manage()).getByRole('button', { name: 'Undo skip' }));
    expect(await within(manage()).findByRole('alert')).toHaveTextContent(
      'That renewal has already run.',
    );
    await userEvent.click(within(manage()).getByRole('button', { name: 'Undo skip' }));
    await waitFor(() =>
      expect(notice()).toHaveTextContent('Your next kit is back on for Mar 15, 2030.'),
    );
    expect(callsTo('DELETE', `${BASE}/skip`)).toHaveLength(2);
  });

  it('previews an interval change (charged now, next renewal and amount) and confirms it with the amount shown; a moved price is shown again', async () => {
    let previews = 0;
    let confirms = 0;
    const preview = (amount: number) => ({
      lookupKey: 'bloodwise_quarterly',
      interval: 'month',
      intervalCount: 3,
      dueNow: 0,
      nextRenewalAt: '2030-03-15T12:00:00.000Z',
      nextRenewalAmount: amount,
      currency: 'usd',
    });
    const { callsTo } = renderSubscription(subscription(), {
      [`GET ${BASE}/interval`]: () => [200, preview(++previews === 1 ? 12900 : 13900)],
      [`POST ${BASE}/interval`]: () =>
        ++confirms === 1
          ? [
              409,
              errorBody('CONFLICT', 'The price changed since you looked. Please check it again.'),
            ]
          : [200, subscription({ interval: 'month', intervalCount: 3 })],
    });
    await pressAction('Change how often');
    const modal = await dialog('Change how often it renews');
    expect(
      within(modal).getByRole('radio', { name: '$49 every month (your plan now)' }),
    ).toBeDisabled();
    expect(within(modal).getByRole('button', { name: 'Confirm change' })).toBeDisabled();
    await userEvent.click(within(modal).getByRole('radio', { name: '$129 every 3 months' }));
    expect(await within(modal).findByTestId('preview-due-now')).toHaveTextContent('$0');
    expect(within(modal).getByTestId('preview-next-renewal')).toHaveTextContent(
      'Mar 15, 2030 · $129, then every 3 months',
    );
    expect(callsTo('GET', `${BASE}/interval`)[0]?.params).toEqual({
      lookupKey: 'bloodwise_quarterly',
    });

    await userEvent.click(within(modal).getByRole('button', { name: 'Confirm change' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent(
      'The price changed since you looked.',
    );
    await waitFor(() =>
      expect(within(modal).getByTestId('preview-next-renewal')).toHaveTextContent('$139'),
    );
    expect(within(modal).getByRole('radio', { name: '$129 every 3 months' })).toBeChecked();
    await userEvent.click(within(modal).getByRole('button', { name: 'Confirm change' }));
    await waitFor(() =>
      expect(notice()).toHaveTextContent(
        'From Mar 15, 2030 your plan renews every 3 months at $139. Nothing was charged today.',
      ),
    );
    expect(callsTo('POST', `${BASE}/interval`).map((call) => call.body)).toEqual([
      { lookupKey: 'bloodwise_quarterly', expectedNextRenewalAmount: 12900 },
      { lookupKey: 'bloodwise_quarterly', expectedNextRenewalAmount: 13900 },
    ]);
  });

  it('opens at the card step from the mail’s link, and charges renewals to another saved card', async () => {
    const { callsTo, store } = renderSubscription(
      subscription(),
      {
        [`PUT ${BASE}/payment-method`]: [200, subscription({ paymentMethod: mastercard })],
      },
      '/account/subscriptions/sub_1/card',
    );
    const modal = await dialog('Update your card');
    expect(
      await within(modal).findByRole('radio', {
        name: `Visa ending in 4242, expires 12/${nextYear}`,
      }),
    ).toBeChecked();
    await userEvent.click(
      within(modal).getByRole('radio', {
        name: `Mastercard ending in 4444, expires 03/${nextYear}`,
      }),
    );
    await userEvent.click(within(modal).getByRole('button', { name: 'Use this card' }));
    await waitFor(() =>
      expect(notice()).toHaveTextContent('Renewals now go to Mastercard ending in 4444.'),
    );
    expect(callsTo('PUT', `${BASE}/payment-method`)[0]?.body).toEqual({ paymentMethodId: 'pm_mc' });
    expect(screen.getByTestId('subscription-card')).toHaveTextContent('Mastercard ending in 4444');
    expect(store.getLocation().pathname).toBe('/account/subscriptions/sub_1');
  });

  it('adds a new card with the account’s add-card form and chooses it', async () => {
    const added = {
      id: 'pm_new',
      brand: 'visa' as const,
      last4: '1881',
      expMonth: 12,
      expYear: nextYear,
      isDefault: false,
    };
    const { callsTo } = renderSubscription(
      subscription({ status: 'past_due', actions: { ...NONE, cancel: true, updateCard: true } }),
      {
        [`POST ${PM}`]: [201, cards([visa, mastercard, added])],
        [`PUT ${BASE}/payment-method`]: [200, subscription({ paymentMethod: added })],
      },
    );
    await pressAction('Update card');
    const modal = await dialog('Update your card');
    expect(modal).toHaveTextContent('Your last payment failed.');
    await userEvent.click(await within(modal).findByRole('button', { name: 'Add a new card' }));
    // One pair of buttons at a time: the add-card form's own, not the dialog's as well.
    expect(within(modal).getByRole('button', { name: 'Cancel' })).toBeVisible();
    expect(within(modal).queryByRole('button', { name: 'Use this card' })).toBeNull();
    expect(within(modal).queryByRole('button', { name: 'Keep my current card' })).toBeNull();
    await fakeCardFrame([{ token: 'tok_visa1881abc' }]);
    await userEvent.click(within(modal).getByRole('button', { name: 'Save card' }));
    expect(
      await within(modal).findByRole('radio', {
        name: `Visa ending in 1881, expires 12/${nextYear}`,
      }),
    ).toBeChecked();
    await userEvent.click(within(modal).getByRole('button', { name: 'Use this card' }));
    await waitFor(() =>
      expect(notice()).toHaveTextContent(
        'Thank you: the payment went through with Visa ending in 1881',
      ),
    );
    expect(callsTo('PUT', `${BASE}/payment-method`)[0]?.body).toEqual({
      paymentMethodId: 'pm_new',
    });
  });
});
