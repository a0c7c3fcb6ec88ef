import { screen, waitFor, within } from '@testing-library/react';
import type { OpsSubscriptionDetail, SubscriptionSettings } from '@shop/shared/contract/ops';
import type { FakeHandler } from '@shop/shared/shell-contract/fake-api';
import { renderOps } from './support/render-ops';

const ID = 'sub_ops_1';
const AT = '2026-11-22T02:04:11.020Z';
const NOW = '2026-12-01T10:00:00.000Z';

function detail(
  status: OpsSubscriptionDetail['subscription']['status'],
  extra: Partial<OpsSubscriptionDetail> = {},
): OpsSubscriptionDetail {
  const pastDue = status === 'past_due';
  return {
    subscription: {
      id: ID,
      status,
      email: 'ada@example.com',
      title: 'Bloodwise membership',
      lookupKey: 'bloodwise-monthly',
      interval: 'month',
      intervalCount: 1,
      amount: 2900,
      currency: 'usd',
      provider: 'test',
      nextRenewalAt: status === 'canceled' ? null : '2026-12-22T02:04:11.020Z',
      renewedCycles: 0,
      failedAttempts: pastDue ? 2 : 0,
      cancelAtPeriodEnd: false,
      pausedUntil: null,
      createdAt: AT,
      userId: null,
      originOrderId: null,
      providerSubscriptionId: null,
      currentPeriodStart: AT,
      currentPeriodEnd: '2026-12-22T02:04:11.020Z',
      canceledAt: status === 'canceled' ? NOW : null,
      cancelReason: status === 'canceled' ? 'Asked by phone' : null,
      skippedCycle: null,
      nextRetryAt: pastDue ? '2026-12-25T02:04:11.020Z' : null,
      hasCard: true,
    },
    renewals: pastDue
      ? [
          {
            cycle: 1,
            attempt: 2,
            status: 'failed',
            amount: 2900,
            currency: 'usd',
            periodStart: '2026-12-22T02:04:11.020Z',
            periodEnd: '2027-01-22T02:04:11.020Z',
            orderId: null,
            chargeId: 'ch_declined',
            failureCode: 'insufficient_funds',
            failureMessage: 'Your card has insufficient funds.',
            hardDecline: false,
            at: NOW,
          },
        ]
      : [],
    changes:
      status === 'canceled'
        ? [
            {
              at: NOW,
              actor: 'operator',
              action: 'cancel-now',
              detail: { reason: 'Asked by phone', by: 'ops@bloodwise.test' },
            },
            {
              at: NOW,
              actor: 'operator',
              action: 'pause',
              detail: { until: '2027-01-15T00:00:00.000Z', by: 'ops@bloodwise.test' },
            },
          ]
        : [],
    actions: {
      cancelNow: status !== 'canceled',
      cancelAtPeriodEnd: status === 'active',
      pause: status === 'active',
      retry: pastDue,
    },
    ...extra,
  };
}

const clock: FakeHandler = ({ method, url }) =>
  method === 'get' && url === '/api/v1/ops/clock'
    ? { status: 200, data: { now: NOW, offsetMs: 0, movable: true } }
    : undefined;

function withDetail(current: () => OpsSubscriptionDetail, more: FakeHandler = () => undefined) {
  return ((request) =>
    clock(request) ??
    more(request) ??
    (request.method === 'get' && request.url === `/api/v1/ops/subscriptions/${ID}`
      ? { status: 200, data: current() }
      : undefined)) as FakeHandler;
}

describe('subscriptions screen', () => {
  it('is in the console’s navigation, finds a subscriber by e-mail and shows the ledger and failures', async () => {
    const { user, api, store } = renderOps(
      '/ops/subscriptions',
      withDetail(
        () => detail('past_due'),
        ({ method, url }) =>
          method === 'get' && url === '/api/v1/ops/subscriptions'
            ? {
                status: 200,
                data: { subscriptions: [detail('past_due').subscription], nextCursor: null },
              }
            : undefined,
      ),
    );
    const nav = screen.getByRole('navigation', { name: 'Operator console' });
    expect(within(nav).getByRole('link', { name: 'Subscriptions' })).toHaveAttribute(
      'href',
      '/ops/subscriptions',
    );
    await user.type(
      await screen.findByLabelText('E-mail address or subscription id'),
      'ada@example.com{Enter}',
    );
    await waitFor(() =>
      expect(api.calls(/ops\/subscriptions$/).at(-1)?.params).toEqual({
        q: 'ada@example.com',
        limit: '25',
      }),
    );
    const row = (await screen.findByLabelText(`Open subscription ${ID}`)).closest('tr')!;
    expect(within(row).getByText('Past due')).toBeInTheDocument();
    expect(within(row).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(row).getByText(/\$29, billed monthly/)).toBeInTheDocument();
    // The id and e-mail end in an ellipsis when short of room; their whole text is in the title.
    expect(within(row).getByLabelText(`Open subscription ${ID}`)).toHaveAttribute('title', ID);
    expect(within(row).getByText('ada@example.com')).toHaveAttribute('title', 'ada@example.com');
    // The row is reachable from the keyboard and Enter opens the subscription on its own page.
    expect(row).toHaveAttribute('tabindex', '0');
    row.focus();
    await user.keyboard('{Enter}');
    expect(store.getLocation().pathname).toBe(`/ops/subscriptions/${ID}`);
    expect(
      await screen.findByRole('heading', { level: 2, name: `Subscription ${ID}` }),
    ).toBeInTheDocument();
    const renewals = await screen.findByRole('region', { name: 'Renewals' });
    expect(
      within(renewals).getByText('insufficient_funds: Your card has insufficient funds.'),
    ).toBeInTheDocument();
    expect(within(renewals).getByText('Failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry the renewal now' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
  });

  it('cancels now with a reason after confirming, then offers nothing more', async () => {
    let current = detail('active');
    const { user, api } = renderOps(
      `/ops/subscriptions?subscription=${ID}`,
      withDetail(
        () => current,
        ({ method, url }) => {
          if (method !== 'post' || url !== `/api/v1/ops/subscriptions/${ID}/cancel`) return;
          current = detail('canceled');
          return { status: 200, data: current };
        },
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this subscription?' });
    const confirm = within(dialog).getByRole('button', { name: 'Cancel subscription' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByLabelText(/^Now:/));
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Asked by phone');
    await user.click(confirm);
    await waitFor(() =>
      expect(api.calls(/cancel$/, 'post').map((call) => call.body)).toEqual([
        { when: 'now', reason: 'Asked by phone' },
      ]),
    );
    expect(
      await screen.findByText('This subscription is cancelled: it cannot change any more.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Cancelled');
    expect(
      within(screen.getByRole('region', { name: 'Changes' })).getByText('Cancelled now'),
    ).toBeInTheDocument();
    // Changes and their times in words, not the log's keys and ISO stamps.
    expect(
      within(screen.getByRole('region', { name: 'Changes' })).getByText(
        'until: Jan 15, 2027 · by: ops@bloodwise.test',
      ),
    ).toBeInTheDocument();
  });

  it('pauses until a chosen day, and shows the API’s refusal inside the dialog', async () => {
    let answered = 0;
    const { user, api } = renderOps(
      `/ops/subscriptions?subscription=${ID}`,
      withDetail(
        () => detail('active'),
        ({ method, url }) => {
          if (method !== 'post' || !url.endsWith('/pause')) return;
          answered += 1;
          return answered === 1
            ? {
                status: 409,
                data: {
                  error: { code: 'CONFLICT', message: 'A past-due subscription cannot be paused.' },
                },
              }
            : {
                status: 200,
                data: detail('paused', {
                  subscription: {
                    ...detail('active').subscription,
                    status: 'paused',
                    pausedUntil: '2027-01-15T00:00:00.000Z',
                  },
                }),
              };
        },
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause renewals until a day' });
    const day = within(dialog).getByLabelText(/Renewals start again on/);
    await waitFor(() => expect(day).toHaveAttribute('min', '2026-12-02'));
    await user.type(day, '2027-01-15');
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A past-due subscription cannot be paused.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(screen.getByTestId('subscription-status')).toHaveTextContent('Paused'),
    );
    expect(api.calls(/pause$/, 'post').map((call) => call.body)).toEqual([
      { until: '2027-01-15T00:00:00.000Z' },
      { until: '2027-01-15T00:00:00.000Z' },
    ]);
  });

  it('retries a past-due renewal now after confirming, and shows its outcome when the try has run', async () => {
    let current = detail('past_due');
    const { user, api } = renderOps(
      `/ops/subscriptions?subscription=${ID}`,
      withDetail(
        () => current,
        ({ method, url }) => {
          if (method !== 'post' || !url.endsWith('/retry')) return;
          // The answer comes before the try has run; the renewal job pays it a moment later.
          const answer = { status: 200, data: current };
          current = detail('active');
          return answer;
        },
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Retry the renewal now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry the renewal now?' });
    expect(dialog).toHaveTextContent('charged $29 for cycle 1 now (try 3)');
    await user.click(within(dialog).getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(api.calls(/retry$/, 'post')).toHaveLength(1));
    expect(
      await screen.findByText('The renewal is being tried; this page updates with its outcome.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('subscription-status')).toHaveTextContent('Active'),
    );
    await waitFor(() =>
      expect(
        screen.queryByText('The renewal is being tried; this page updates with its outcome.'),
      ).not.toBeInTheDocument(),
    );
  });

  it('edits the dunning and reminder settings, refusing days that do not rise', async () => {
    const saved: SubscriptionSettings = {
      dunning: { endAction: 'cancel', retryDays: [1, 3, 7, 14] },
      notices: { reminderDays: 3 },
    };
    const { user, api } = renderOps('/ops/subscriptions/settings', ({ method, url, body }) => {
      if (url !== '/api/v1/ops/settings/subscriptions') return undefined;
      return { status: 200, data: method === 'put' ? body : saved };
    });
    const days = await screen.findByLabelText(/Try again after/);
    expect(days).toHaveValue('1, 3, 7, 14');
    await user.clear(days);
    await user.type(days, '3, 1');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('Retry days go up, each later than the one before'),
    ).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls(/settings/, 'put')).toHaveLength(0);

    await user.clear(days);
    await user.type(days, '2 5 9');
    await user.click(screen.getByLabelText('Pause it until the subscriber updates the card'));
    const reminder = screen.getByLabelText(/Days before each renewal/);
    await user.clear(reminder);
    await user.type(reminder, '7');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/^Saved:/)).toBeInTheDocument();
    expect(api.calls(/settings/, 'put').map((call) => call.body)).toEqual([
      { dunning: { endAction: 'pause', retryDays: [2, 5, 9] }, notices: { reminderDays: 7 } },
    ]);
  });
});
