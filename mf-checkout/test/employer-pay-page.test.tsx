import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmployerPaymentView } from '@shop/shared/contract/checkout';
import {
  answerChallenge,
  fakeCardFrame,
  fakeNextAction,
} from '@shop/shared/payments/test-provider-fake';
import { anOrder } from './order-fixture';
import { renderCheckout } from './render-checkout';

jest.setTimeout(60_000);
const slow = { timeout: 15_000 };
const TOKEN = 'employer-link-token-0123456789';

function view(overrides: Partial<EmployerPaymentView> = {}): EmployerPaymentView {
  return {
    requestId: 'request-1',
    employeeName: 'Mary Ann Lee',
    employeeEmail: 'mary@example.com',
    status: 'sent',
    order: anOrder({ status: 'pending', payment: null, paymentLabel: null }),
    ...overrides,
  };
}

function renderEmployerPage(payAnswer: EmployerPaymentView | { status: number; data: unknown }) {
  const rendered = renderCheckout(`/checkout?employerPay=${TOKEN}`, {
    handlers: [
      ({ url, method }) =>
        url === `/employer-form-submit/${TOKEN}` && method === 'get'
          ? { status: 200, data: view() }
          : undefined,
    ],
  });
  rendered.api.on(({ url, method }) =>
    url === `/employer-form-submit/${TOKEN}/pay` && method === 'post'
      ? 'requestId' in payAnswer
        ? { status: 200, data: payAnswer }
        : payAnswer
      : undefined,
  );
  return rendered;
}

describe('employer pay page', () => {
  it('pays with the card frame’s token, never card details, and shows the order paid', async () => {
    const { api } = renderEmployerPage(view({ status: 'paid', order: anOrder() }));
    const { frame } = await fakeCardFrame([{ token: 'tok_employer4242' }]);
    expect(new URL(frame.src).searchParams.get('methods')).toBe('card');
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Pay for this order' }));
    expect(await screen.findByTestId('employer-paid', {}, slow)).toBeInTheDocument();
    const [pay] = api.calls(/\/pay$/, 'post');
    expect(pay!.body).toEqual({ paymentMethod: { type: 'token', token: 'tok_employer4242' } });
    expect(pay!.headers['idempotency-key']).toEqual(expect.any(String));
  });

  it('finishes 3-D Secure in the bank’s dialog, then confirms with the API', async () => {
    const held = view({
      order: anOrder({
        status: 'requires_action',
        payment: {
          ...anOrder().payment!,
          status: 'requires_action',
          nextAction: {
            type: 'provider_action',
            clientSecret: 'pi_emp_secret_1',
            message: 'Your bank asks you to confirm this payment.',
          },
        },
      }),
    });
    const { api } = renderEmployerPage(held);
    api.on(({ url, method }) =>
      url === `/employer-form-submit/${TOKEN}/confirm` && method === 'post'
        ? { status: 200, data: view({ status: 'paid', order: anOrder() }) }
        : undefined,
    );
    const asked = fakeNextAction({
      type: 'challenge',
      url: '/test-provider/authenticate?client_secret=pi_emp_secret_1',
    });
    await fakeCardFrame([{ token: 'tok_employer3184' }]);
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Pay for this order' }));
    await screen.findByRole('dialog', { name: 'Confirm your payment with your bank' }, slow);
    expect(asked[0]).toContain('client_secret=pi_emp_secret_1');
    await answerChallenge('succeeded');
    expect(await screen.findByTestId('employer-paid', {}, slow)).toBeInTheDocument();
    expect(api.calls(/\/confirm$/, 'post')).toHaveLength(1);
  });

  it('shows a decline by the card field, keeps the form, and pays on with a new key', async () => {
    const { api } = renderEmployerPage({
      status: 402,
      data: { error: { code: 'CARD_DECLINED', message: 'Your card has insufficient funds.' } },
    });
    const { sent } = await fakeCardFrame([{ token: 'tok_poor9995abc' }, { token: 'tok_next4242' }]);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Pay for this order' }));
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent(
      'Your card has insufficient funds.',
    );
    expect(screen.getByTitle('Secure card payment')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay for this order' }));
    await waitFor(() => expect(api.calls(/\/pay$/, 'post')).toHaveLength(2), slow);
    const [first, second] = api.calls(/\/pay$/, 'post');
    expect(sent).toHaveLength(2);
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
  });
});
