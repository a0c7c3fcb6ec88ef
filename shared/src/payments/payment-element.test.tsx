/// <reference types="@testing-library/jest-dom" />
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { PaymentElement, type PaymentElementHandle } from './payment-element';
import { renderWithPayments } from './payment-element-test-harness';
import { browserNavigation } from './test-provider-protocol';
import {
  answerChallenge,
  fakeCardFrame,
  fakeNextAction,
  findCardFrame,
  postFromFrame,
  TEST_PAYMENTS_CONFIG,
} from './test-provider-fake';

jest.setTimeout(30_000);

function renderElement(props: Partial<Parameters<typeof PaymentElement>[0]> = {}) {
  const handle = createRef<PaymentElementHandle>();
  const onChange = jest.fn();
  const view = renderWithPayments(
    <PaymentElement
      ref={handle}
      mode="payment"
      amount={14_900}
      currency="usd"
      onChange={onChange}
      {...props}
    />,
    TEST_PAYMENTS_CONFIG,
  );
  return { ...view, handle, onChange };
}

describe('PaymentElement with the built-in provider', () => {
  it('frames the provider’s own page, shows a skeleton until the page is ready, and passes its changes on', async () => {
    const { onChange } = renderElement({ methods: ['card', 'bnpl'] });
    const frame = await findCardFrame();
    const src = new URL(frame.src);
    expect(src.pathname).toBe('/test-provider/element');
    expect(src.searchParams.get('methods')).toBe('card,bnpl');
    expect(
      screen.getByRole('status', { name: 'Loading the secure payment form' }),
    ).toBeInTheDocument();
    postFromFrame(frame, { source: 'test-provider', type: 'ready' });
    expect(
      screen.queryByRole('status', { name: 'Loading the secure payment form' }),
    ).not.toBeInTheDocument();
    postFromFrame(frame, { source: 'test-provider', type: 'resize', height: 236 });
    expect(frame).toHaveStyle({ height: '236px' });
    postFromFrame(frame, {
      source: 'test-provider',
      type: 'change',
      complete: false,
      method: 'bnpl',
      error: 'Your card number is incomplete.',
    });
    expect(onChange).toHaveBeenLastCalledWith({
      complete: false,
      method: 'bnpl',
      error: 'Your card number is incomplete.',
    });
  });

  it('ignores messages from another window or another origin', async () => {
    const { onChange } = renderElement();
    const frame = await findCardFrame();
    const change = {
      source: 'test-provider',
      type: 'change',
      complete: true,
      method: 'card',
      error: null,
    } as const;
    postFromFrame(frame, change, { source: window });
    postFromFrame(frame, change, { origin: 'https://evil.example' });
    expect(onChange).not.toHaveBeenCalled();
    postFromFrame(frame, change);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('asks the frame for a token by request id and returns its answer, a token or the shopper’s error', async () => {
    const { handle } = renderElement();
    await findCardFrame();
    expect(await handle.current!.createToken()).toEqual({
      error: 'The card form is still loading. Please try again in a moment.',
    });
    const { sent } = await fakeCardFrame([
      { token: 'tok_first1234' },
      { error: 'Your card’s expiry date is in the past.' },
    ]);
    let result;
    await act(async () => {
      result = await handle.current!.createToken();
    });
    expect(result).toEqual({ token: 'tok_first1234' });
    expect(sent[0]!.targetOrigin).toBe(window.location.origin);
    expect(sent[0]!.message).toEqual({
      source: 'shop',
      type: 'tokenize',
      requestId: expect.any(String),
    });
    await act(async () => {
      result = await handle.current!.createToken();
    });
    expect(result).toEqual({ error: 'Your card’s expiry date is in the past.' });
    expect(sent[1]!.message.requestId).not.toBe(sent[0]!.message.requestId);
  });

  it('finishes a 3-D Secure step in a dialog holding the provider’s challenge page', async () => {
    const { handle } = renderElement();
    await findCardFrame();
    const asked = fakeNextAction({
      type: 'challenge',
      url: '/test-provider/authenticate?client_secret=pi_1_secret_abc',
    });
    let outcome: Promise<{ error: string | null }>;
    act(() => {
      outcome = handle.current!.handleNextAction('pi_1_secret_abc');
    });
    const dialog = await screen.findByRole('dialog', {
      name: 'Confirm your payment with your bank',
    });
    expect(asked[0]).toBe(
      'http://localhost/test-provider/v1/next-action?client_secret=pi_1_secret_abc',
    );
    const challenge = screen.getByTitle<HTMLIFrameElement>('Bank authentication');
    expect(dialog).toContainElement(challenge);
    expect(challenge.src).toBe(
      'http://localhost/test-provider/authenticate?client_secret=pi_1_secret_abc',
    );
    await answerChallenge('succeeded');
    await expect(outcome!).resolves.toEqual({ error: null });
    await waitFor(() => expect(screen.queryByTitle('Bank authentication')).not.toBeInTheDocument());
  });

  it('reports a failed or abandoned challenge as an error', async () => {
    const { handle } = renderElement();
    await findCardFrame();
    fakeNextAction({ type: 'challenge', url: '/test-provider/authenticate?client_secret=s' });
    let outcome: Promise<{ error: string | null }>;
    act(() => {
      outcome = handle.current!.handleNextAction('pi_2_secret_s');
    });
    await answerChallenge('failed');
    expect((await outcome!).error).toMatch(/did not confirm/);
    act(() => {
      outcome = handle.current!.handleNextAction('pi_2_secret_s');
    });
    await screen.findByTitle('Bank authentication');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Close' }));
    expect((await outcome!).error).toMatch(/closed before it finished/);
  });

  it('leaves for the provider’s page when the next action is a redirect (pay later)', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const { handle } = renderElement();
    await findCardFrame();
    fakeNextAction({ type: 'redirect', url: '/test-provider/bnpl?client_secret=pi_3_secret_x' });
    act(() => {
      void handle.current!.handleNextAction('pi_3_secret_x');
    });
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'http://localhost/test-provider/bnpl?client_secret=pi_3_secret_x',
      ),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    assign.mockRestore();
  });

  it('says so when the payment form cannot load, and loads it on "Try again"', async () => {
    const view = renderWithPayments(<PaymentElement mode="setup" />, 'fails');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The secure payment form could not load.');
    expect(screen.queryByTitle('Secure card payment')).not.toBeInTheDocument();
    view.answerConfig(TEST_PAYMENTS_CONFIG);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findCardFrame()).toBeInTheDocument();
  });
});
