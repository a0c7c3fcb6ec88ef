// A click a busy browser delivers on the live page just after the swap, before the values carried
// from the first view have rendered, must see them too: the quiz's "Next" pressed right after an
// answer chosen on the first view went to a page that did not know the answer yet, and stayed put.
// Its own file: the kept clicks are module state, as in the browser.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { recordFirstViewInteractions } from '../src/federation/first-view-interactions';
import { renderDiscountFirstView } from './support/discount-form-area';

beforeAll(() => recordFirstViewInteractions(document));

it('holds a click on the live page made before the carried values have rendered, and makes it after', async () => {
  const { element, arrive } = renderDiscountFirstView();

  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  // The visitor's next click arrives the moment the first view leaves: the live "Apply" is there,
  // the email carried into its field, but not yet rendered into the page's state.
  const clickedAtSwap = new Promise<void>((resolve) => {
    const watch = new MutationObserver(() => {
      if (element.isConnected) return;
      watch.disconnect();
      screen.getByRole('button', { name: 'Apply' }).click();
      resolve();
    });
    watch.observe(document.body, { childList: true, subtree: true });
  });
  const applied = jest.fn();
  await act(async () => arrive(applied));
  await clickedAtSwap;

  await waitFor(() => expect(applied).toHaveBeenCalled());
  expect(applied.mock.calls).toEqual([['ada@example.com']]);
});
