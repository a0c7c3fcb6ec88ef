import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notify } from '@shop/shared/shell-contract/shell-props';
import { defaultThemeTokens } from '@shop/shared/federation/antd-theme';
import { useShellNotify } from '../src/features/notifications/notify';

function Harness({ onNotify }: { onNotify: (notify: Notify) => void }) {
  const [notify, holder] = useShellNotify(defaultThemeTokens());
  onNotify(notify);
  return (
    <>
      {holder}
      <button type="button" onClick={() => notify.error('Payment failed', 'Try another card.')}>
        fail
      </button>
    </>
  );
}

describe('shell notify', () => {
  it('renders nothing of antd until the first notification, then shows each one', async () => {
    let notify: Notify | undefined;
    const { container } = render(<Harness onNotify={(value) => (notify = value)} />);
    expect(document.querySelector('.ant-notification')).toBeNull();
    expect(container.children).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'fail' }));
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect(screen.getByText('Try another card.')).toBeInTheDocument();

    // Messages sent in one go are all shown, none twice.
    act(() => {
      notify!.success('Saved');
      notify!.info('Heads up');
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(await screen.findByText('Heads up')).toBeInTheDocument();
    expect(screen.getAllByText('Payment failed')).toHaveLength(1);
  });
});
