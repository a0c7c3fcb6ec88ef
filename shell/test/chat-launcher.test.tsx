import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createApiClients } from '@shop/shared/http/api-clients';
import { createFakeApi, fakeError, type FakeAnswer } from '@shop/shared/shell-contract/fake-api';
import { ChatLauncher, SUPPORT_STATUS_REFRESH_MS } from '../src/features/chat/chat-widget';

// Wednesday 2026-11-18 at 10:00 in New York (15:00 UTC): open. 16:00 New York: closed.
const OPEN = new Date('2026-11-18T15:00:00Z');
const CLOSED_LATER = new Date('2026-11-18T21:00:00Z');

/**
 * The launcher with its API answered by `answer` (a support message's POST), in a query client.
 * `gate`, when given, holds every answer until it resolves, so a test can see the sending state.
 */
function renderLauncher(now: () => Date, answer?: () => FakeAnswer, gate?: Promise<void>) {
  const api = createApiClients({ onUnauthorized: () => undefined });
  const fake = createFakeApi(({ url, method }) =>
    url === '/user/support-messages' && method === 'post' && answer ? answer() : undefined,
  );
  fake.install({ api });
  if (gate) api.connect.defaults.adapter = async (config) => gate.then(() => fake.adapter(config));
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ChatLauncher api={api} now={now} />
    </QueryClientProvider>,
  );
  return fake;
}

describe('ChatLauncher support status', () => {
  it('is not worked out until the panel opens, then shows and stays current while it is open', async () => {
    jest.useFakeTimers();
    let current = OPEN;
    const now = jest.fn(() => current);
    renderLauncher(now);
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
    renderLauncher(now);
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

describe('ChatLauncher message form (no chat provider)', () => {
  const CLOSED = () => new Date('2026-11-21T15:00:00Z'); // a Saturday
  const ACK = {
    ok: true,
    expectedAnswerAt: '2026-11-23T20:00:00.000Z',
    expectedAnswer: 'by Mon, Nov 23, 3:00 PM ET',
  };

  async function openForm() {
    fireEvent.click(screen.getByRole('button', { name: 'Chat with us' }));
    return screen.findByRole('form', { name: 'Leave us a message' });
  }

  it('checks the fields with the contract, names each problem and focuses the first', async () => {
    const user = userEvent.setup();
    const fake = renderLauncher(CLOSED, () => ({ status: 201, data: ACK }));
    const form = await openForm();
    await user.type(within(form).getByLabelText('Your email'), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    const name = within(form).getByLabelText('Your name');
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please enter your name');
    expect(within(form).getByLabelText('Your email')).toHaveAccessibleDescription(/valid email/i);
    expect(within(form).getByLabelText('Your message')).toHaveAccessibleDescription(
      'Please write your message',
    );
    expect(fake.calls(/support-messages/)).toHaveLength(0);
  });

  it('shows a spinner while sending, then the expected answer time, and focuses it', async () => {
    const user = userEvent.setup();
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fake = renderLauncher(CLOSED, () => ({ status: 201, data: ACK }), gate);
    const form = await openForm();
    await user.type(within(form).getByLabelText('Your name'), 'Rita Visitor');
    await user.type(within(form).getByLabelText('Your email'), 'rita@example.com');
    await user.type(within(form).getByLabelText('Your message'), 'Do you ship to Alaska?');
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    const sending = await within(form).findByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    expect(form).toHaveAttribute('aria-busy', 'true');
    release();
    const ack = await screen.findByTestId('support-message-sent');
    expect(ack).toHaveTextContent('Thanks, Rita Visitor. We have your message.');
    expect(ack).toHaveTextContent('We will answer by Mon, Nov 23, 3:00 PM ET at rita@example.com.');
    expect(ack).toHaveFocus();
    expect(fake.calls(/support-messages/, 'post')[0]!.body).toEqual({
      name: 'Rita Visitor',
      email: 'rita@example.com',
      message: 'Do you ship to Alaska?',
    });
  });

  it('keeps the typed text after a refusal and says why', async () => {
    const user = userEvent.setup();
    renderLauncher(CLOSED, () =>
      fakeError(
        429,
        'RATE_LIMITED',
        'Too many messages from this email. Please try again in 58 minutes.',
      ),
    );
    const form = await openForm();
    await user.type(within(form).getByLabelText('Your name'), 'Rita');
    await user.type(within(form).getByLabelText('Your email'), 'rita@example.com');
    await user.type(within(form).getByLabelText('Your message'), 'Hello there');
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent(
        'Too many messages from this email. Please try again in 58 minutes.',
      ),
    );
    expect(within(form).getByLabelText('Your message')).toHaveValue('Hello there');
    expect(within(form).getByLabelText('Your name')).toHaveValue('Rita');
    expect(within(form).getByRole('button', { name: 'Send message' })).toBeEnabled();
  });
});
