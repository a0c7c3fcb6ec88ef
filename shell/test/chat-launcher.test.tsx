import { act, fireEvent, render, screen } from '@testing-library/react';
import { ChatLauncher, SUPPORT_STATUS_REFRESH_MS } from '../src/features/chat/chat-widget';

// Wednesday 2026-11-18 at 10:00 in New York (15:00 UTC): open. 16:00 New York: closed.
const OPEN = new Date('2026-11-18T15:00:00Z');
const CLOSED_LATER = new Date('2026-11-18T21:00:00Z');

describe('ChatLauncher support status', () => {
  it('is not worked out until the panel opens, then shows and stays current while it is open', async () => {
    jest.useFakeTimers();
    let current = OPEN;
    const now = jest.fn(() => current);
    render(<ChatLauncher now={now} />);
    await act(async () => jest.advanceTimersByTimeAsync(SUPPORT_STATUS_REFRESH_MS * 2));
    expect(now).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Chat with us' }));
    const panel = screen.getByRole('dialog', { name: 'Chat with us' });
    expect(await screen.findByText(/Support is online\./)).toBeInTheDocument();
    expect(panel).toHaveTextContent('Open now · until 3:00 PM ET');

    current = CLOSED_LATER;
    await act(async () => jest.advanceTimersByTimeAsync(SUPPORT_STATUS_REFRESH_MS));
    expect(panel).toHaveTextContent('Support is offline. Opens Thu 9:00 AM ET');
    jest.useRealTimers();
  });

  it('stops updating once the panel is closed', async () => {
    jest.useFakeTimers();
    const now = jest.fn(() => OPEN);
    render(<ChatLauncher now={now} />);
    const launcher = screen.getByRole('button', { name: 'Chat with us' });
    fireEvent.click(launcher);
    expect(await screen.findByText(/Support is online\./)).toBeInTheDocument();
    const calls = now.mock.calls.length;
    fireEvent.click(launcher);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => jest.advanceTimersByTimeAsync(SUPPORT_STATUS_REFRESH_MS * 3));
    expect(now.mock.calls.length).toBe(calls);
    jest.useRealTimers();
  });
});
