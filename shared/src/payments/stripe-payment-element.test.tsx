/// <reference types="@testing-library/jest-dom" />
// The Stripe code is a chunk of its own: nothing imports it until a payment step renders with
// Stripe configured, and the built-in provider never imports it.
import { act, screen, waitFor } from '@testing-library/react';
import { createRef, type ReactNode } from 'react';
import { PaymentElement, type PaymentElementHandle } from './payment-element';
import { renderWithPayments } from './payment-element-test-harness';
import { findCardFrame, TEST_PAYMENTS_CONFIG } from './test-provider-fake';

const mockStripe = {
  createConfirmationToken: jest.fn(async () => ({ confirmationToken: { id: 'ctoken_1AbCdEf' } })),
  handleNextAction: jest.fn(async () => ({})),
};
const mockElements = { submit: jest.fn(async () => ({})) };
const mockEvaluated: string[] = [];
const mockElementsOptions: unknown[] = [];

jest.mock('@stripe/stripe-js', () => {
  mockEvaluated.push('@stripe/stripe-js');
  return { loadStripe: jest.fn(async () => mockStripe) };
});
jest.mock('@stripe/react-stripe-js', () => {
  mockEvaluated.push('@stripe/react-stripe-js');
  return {
    Elements: ({ options, children }: { options: unknown; children: ReactNode }) => {
      mockElementsOptions.push(options);
      return <div data-testid="stripe-elements">{children}</div>;
    },
    PaymentElement: ({ onReady }: { onReady(): void }) => (
      <button type="button" onClick={onReady}>
        Stripe element
      </button>
    ),
    useStripe: () => mockStripe,
    useElements: () => mockElements,
  };
});

const STRIPE_CONFIG = { provider: 'stripe', publishableKey: 'pk_test_123' } as const;

describe('PaymentElement with Stripe', () => {
  it('does not import Stripe for the built-in provider, nor before the element renders', async () => {
    renderWithPayments(<PaymentElement mode="setup" />, TEST_PAYMENTS_CONFIG);
    await findCardFrame();
    expect(mockEvaluated).toEqual([]);
  });

  it('creates the element with the card kept as the server will confirm it', async () => {
    renderWithPayments(
      <PaymentElement mode="payment" amount={9_900} currency="usd" cardFutureUsage="off_session" />,
      STRIPE_CONFIG,
    );
    await screen.findByTestId('stripe-elements', {}, { timeout: 15_000 });
    expect(mockElementsOptions.at(-1)).toMatchObject({
      mode: 'payment',
      paymentMethodOptions: { card: { setup_future_usage: 'off_session' } },
    });
    expect(mockElementsOptions.at(-1)).not.toHaveProperty('setupFutureUsage');
  });

  it('loads Stripe’s Payment Element when rendered, and turns its details into a ConfirmationToken', async () => {
    const handle = createRef<PaymentElementHandle>();
    renderWithPayments(
      <PaymentElement ref={handle} mode="payment" amount={14_900} currency="usd" />,
      STRIPE_CONFIG,
    );
    expect(
      await screen.findByTestId('stripe-elements', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(mockEvaluated).toEqual(
      expect.arrayContaining(['@stripe/stripe-js', '@stripe/react-stripe-js']),
    );
    const { loadStripe } = jest.requireMock<{ loadStripe: jest.Mock }>('@stripe/stripe-js');
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(mockElementsOptions.at(-1)).toEqual({
      mode: 'payment',
      amount: 14_900,
      currency: 'usd',
      paymentMethodCreation: 'manual',
      paymentMethodTypes: ['card'],
    });
    act(() => screen.getByRole('button', { name: 'Stripe element' }).click());
    let result;
    await act(async () => {
      result = await handle.current!.createToken();
    });
    expect(result).toEqual({ token: 'ctoken_1AbCdEf' });
    expect(mockElements.submit).toHaveBeenCalled();
    expect(mockStripe.createConfirmationToken).toHaveBeenCalledWith({ elements: mockElements });
    await act(async () => {
      result = await handle.current!.handleNextAction('pi_1_secret_2');
    });
    expect(result).toEqual({ error: null });
    expect(mockStripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_2' });
  });

  it('returns Stripe’s own message when the details are incomplete', async () => {
    mockElements.submit.mockResolvedValueOnce({
      error: { message: 'Your card number is incomplete.' },
    } as never);
    const handle = createRef<PaymentElementHandle>();
    renderWithPayments(<PaymentElement ref={handle} mode="setup" />, STRIPE_CONFIG);
    await waitFor(() => expect(screen.getByTestId('stripe-elements')).toBeInTheDocument());
    let result;
    await act(async () => {
      result = await handle.current!.createToken();
    });
    expect(result).toEqual({ error: 'Your card number is incomplete.' });
  });
});
