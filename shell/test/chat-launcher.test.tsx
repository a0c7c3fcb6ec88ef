import { act, fireEvent, render, screen } from '@testing-library/react';
import {
  ChatLauncher,
  SUPPORT_STATUS_DELAY_MS,
  SUPPORT_STATUS_REFRESH_MS,
} from '../src/features/chat/chat-widget';

// Wednesday 2026-11-18 at 10:00 in New York (15:00 UTC): open. 16:00 New York: closed.
const OPEN = new Date('2026-11-18T15:00:00Z');
const CLOSED_LATER = new Date('2026-11-18T21:00:00Z');

describe('ChatLauncher support status', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('works out the status after the page has settled, not during the first render, then keeps it current', () => {
    let current = OPEN;
    const now = jest.fn(() => current);
    render(<ChatLauncher now={now} />);
    const launcher = screen.getByRole('button', { name: /chat with us/i });
    expect(now).not.toHaveBeenCalled();
    expect(launcher).not.toHaveAccessibleName(/online|offline/);

    act(() => jest.advanceTimersByTime(SUPPORT_STATUS_DELAY_MS));
    expect(launcher).toHaveAccessibleName(/support is online/);

    current = CLOSED_LATER;
    act(() => jest.advanceTimersByTime(SUPPORT_STATUS_REFRESH_MS));
    expect(launcher).toHaveAccessibleName(/support is offline, Opens Thu 9:00 AM ET/);
  });

  it('shows the status at once when the panel opens before the first update', () => {
    render(<ChatLauncher now={() => OPEN} />);
    fireEvent.click(screen.getByRole('button', { name: /chat with us/i }));
    expect(screen.getByRole('dialog', { name: 'Chat with us' })).toHaveTextContent(
      'Support is online.',
    );
  });
});
