// The shell's first render moves the server's first view into its outlet (React clears #root): a
// field the visitor is typing in keeps the focus and caret through that move, so no keystroke is
// lost. Its own file: what has focus on the first view is module state, as in the browser.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createDevShell } from '@shop/shared/shell-contract/dev-shell';
import { createMemoryNavigationStore } from '@shop/shared/shell-contract/navigation-store';
import { AreaOutlet } from '../src/federation/area-outlet';
import type { AreaLoader } from '../src/federation/area-loader';
import { recordFirstViewInteractions } from '../src/federation/first-view-interactions';

function shellProps() {
  const store = createMemoryNavigationStore('/signup');
  const { props } = createDevShell({ store, queryClient: new QueryClient() });
  return {
    ...props,
    navigation: { location: store.getLocation(), navigator: store.navigator, basename: '' },
  };
}

const never = new Promise<void>(() => undefined);
const loader = {
  load: () => new Promise(() => undefined),
  reload: () => new Promise(() => undefined),
  preload: () => undefined,
  lateArrival: () => undefined,
} as unknown as AreaLoader;

/** The page as the server sends it: the frame, and the sign-up form in the first view. */
function serverPage() {
  document.body.innerHTML = `<div id="root"><main><a href="/">Home</a>
    <div data-first-view-area="account"><form method="post">
      <label for="name">Full name</label><input id="name">
      <label for="email">Email</label><input id="email" type="email">
    </form></div></main></div>`;
  return {
    container: document.getElementById('root')!,
    element: document.querySelector<HTMLElement>('[data-first-view-area]')!,
    name: document.getElementById('name') as HTMLInputElement,
  };
}

/** The shell's first render into #root, as bootstrap does it: the server's HTML is cleared. */
async function startShell(container: HTMLElement, element: HTMLElement): Promise<Root> {
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <main>
        <AreaOutlet
          area="account"
          loader={loader}
          shellProps={shellProps()}
          firstView={element}
          loadAfter={never}
        />
      </main>,
    ),
  );
  return root;
}

describe('focus on a first view while the shell starts', () => {
  beforeAll(() => recordFirstViewInteractions(document));
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });

  it('stays in the field the visitor is typing in, caret included, so typing goes on there', async () => {
    const user = userEvent.setup();
    const { container, element, name } = serverPage();
    await user.click(name);
    await user.keyboard('Jodan');
    name.setSelectionRange(2, 2);

    root = await startShell(container, element);
    expect(element.isConnected).toBe(true);
    expect(name).toHaveFocus();
    await user.keyboard('r');
    expect(name).toHaveValue('Jordan');
  });

  it('is not given back to a field the visitor had left', async () => {
    const user = userEvent.setup();
    const { container, element, name } = serverPage();
    await user.click(name);
    await user.keyboard('Jordan');
    await user.click(document.body);
    expect(name).not.toHaveFocus();

    root = await startShell(container, element);
    expect(element.isConnected).toBe(true);
    expect(document.activeElement).toBe(document.body);
  });
});
