import { act, renderHook } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AreaProviders } from '@shop/shared/federation/remote-root';
import { createDevShell } from '@shop/shared/shell-contract/dev-shell';
import { createMemoryNavigationStore } from '@shop/shared/shell-contract/navigation-store';
import { useBusinessCheckoutOutcome } from '../src/features/checkout/api/business-checkout-status';

const PENDING = { id: 'b1', status: 'pending', final: false, failureMessage: null };
const PAID = { id: 'b1', status: 'paid', final: true, failureMessage: null };

/** The hook under a dev shell whose status reads answer from `answers` (the last one repeats). */
function renderOutcome(answer: () => Promise<unknown>) {
  const store = createMemoryNavigationStore('/checkout');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { props } = createDevShell({ store, queryClient });
  const reads = jest.fn(async (config: { url?: string }) => ({
    data: await answer(),
    status: 200,
    statusText: '',
    headers: {},
    config,
  }));
  for (const client of Object.values(props.api))
    client.defaults.adapter = reads as unknown as typeof client.defaults.adapter;
  const shell = {
    ...props,
    navigation: { location: store.getLocation(), navigator: store.navigator, basename: '' },
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AreaProviders shell={shell}>{children}</AreaProviders>
  );
  const view = renderHook(({ id }: { id: string | null }) => useBusinessCheckoutOutcome(id), {
    wrapper,
    initialProps: { id: 'b1' as string | null },
  });
  return { ...view, reads, queryClient };
}

describe('useBusinessCheckoutOutcome', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reads the status each second until it is final, then stops', async () => {
    const answers = [PENDING, PENDING, PAID];
    const { result, reads, queryClient } = renderOutcome(async () =>
      answers.length > 1 ? answers.shift() : answers[0],
    );
    await act(() => jest.advanceTimersByTimeAsync(2_500));
    expect(result.current).toEqual({ kind: 'final', status: PAID });
    expect(reads).toHaveBeenCalledTimes(3);
    expect(reads.mock.calls[0]![0].url).toContain('/b1/status');
    await act(() => jest.advanceTimersByTimeAsync(5_000));
    expect(reads).toHaveBeenCalledTimes(3);
    queryClient.clear();
  });

  it('gives up after 120 reads that are not final: the payment is still being processed', async () => {
    const { result, reads, queryClient } = renderOutcome(async () => PENDING);
    await act(() => jest.advanceTimersByTimeAsync(125_000));
    expect(reads).toHaveBeenCalledTimes(120);
    expect(result.current).toMatchObject({ kind: 'unknown' });
    expect(result.current.kind === 'unknown' && result.current.error.message).toMatch(
      /still being processed/,
    );
    queryClient.clear();
  });

  it('ends the wait when a read fails, and reads nothing without a checkout', async () => {
    const { result, reads, rerender, queryClient } = renderOutcome(async () => {
      throw new Error('network down');
    });
    await act(() => jest.advanceTimersByTimeAsync(5_000));
    expect(result.current).toMatchObject({ kind: 'unknown' });
    expect(reads).toHaveBeenCalledTimes(1);
    rerender({ id: null });
    await act(() => jest.advanceTimersByTimeAsync(5_000));
    expect(result.current).toEqual({ kind: 'waiting' });
    expect(reads).toHaveBeenCalledTimes(1);
    queryClient.clear();
  });
});
