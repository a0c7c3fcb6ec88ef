// A button pressed on a first view after typing into its form, replayed on the live page: its
// handler must see what was typed. antd's Form.useWatch tells the page of a carried value in a
// message task of its own, and React renders it in another: a replay one timer after the carry
// ran the live checkout's "Apply" with no email yet (the code checked for nobody). Its own file:
// the kept clicks are module state, as in the browser.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { recordFirstViewInteractions } from '../src/federation/first-view-interactions';
import { renderDiscountFirstView } from './support/discount-form-area';

beforeAll(() => recordFirstViewInteractions(document));

it('replays a press on the first view once the live page has taken in what was typed before it', async () => {
  const { element, arrive } = renderDiscountFirstView();

  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  const applied = jest.fn();
  await act(async () => arrive(applied));

  await waitFor(() => expect(element.isConnected).toBe(false));
  await waitFor(() => expect(applied).toHaveBeenCalled());
  expect(applied.mock.calls).toEqual([['ada@example.com']]);
});
