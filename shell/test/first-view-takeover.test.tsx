// A first view that takes over 'on-interaction': the area's code is not asked for before the
// visitor's first interaction; then it loads and takes over, replaying an early click and carrying
// what was typed into the server's form over to the live one. Its own file: the first interaction
// is noted once per page load (module state), as in the browser.
import { act as reactAct, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createDevShell } from '@shop/shared/shell-contract/dev-shell';
import { createMemoryNavigationStore } from '@shop/shared/shell-contract/navigation-store';
import {
  FIRST_VIEW_STATE_ID,
  jsonForScript,
  type FirstViewState,
} from '@shop/shared/ssr/server-render';
import { AreaOutlet } from '../src/federation/area-outlet';
import type { AreaLoader, AreaParcel } from '../src/federation/area-loader';
import { readFirstView } from '../src/federation/first-view';
import {
  firstInteractionTime,
  recordFirstViewInteractions,
  whenFirstInteraction,
} from '../src/federation/first-view-interactions';

interface Submitted {
  email: string;
  password: string;
  remember: boolean;
  plan: string;
  note: string;
}

/** The area's page: controlled fields, as an antd or plain React form has them. */
function LoginPage({ onSubmit }: { onSubmit: (values: Submitted) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [plan, setPlan] = useState('monthly');
  const [note, setNote] = useState('');
  return (
    <div className="page">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit({ email, password, remember, plan, note });
        }}
      >
        <label htmlFor="email">Email</label>
        <input
          id="email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <label>
          Password
          <input
            name="password"
            type="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <label>
          <input
            id="remember"
            type="checkbox"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          Remember me
        </label>
        <select
          id="plan"
          aria-label="Plan"
          value={plan}
          onChange={(event) => setPlan(event.target.value)}
        >
          <option value="monthly">Monthly</option>
          <option value="annual">Annual</option>
        </select>
        <textarea
          name="note"
          aria-label="Note"
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <button type="submit">Log in</button>
      </form>
    </div>
  );
}

/** The server's HTML of the same page, in the first view's element. */
function serverElement(): HTMLElement {
  const element = document.createElement('div');
  element.setAttribute('data-first-view-area', 'account');
  element.innerHTML = renderToStaticMarkup(<LoginPage onSubmit={() => undefined} />);
  return element;
}

function loginParcel(onSubmit: (values: Submitted) => void): AreaParcel {
  let root: Root | undefined;
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      root = createRoot((props as { domElement: HTMLElement }).domElement);
      flushSync(() => root?.render(<LoginPage onSubmit={onSubmit} />));
    },
    unmount: async () => reactAct(() => root?.unmount()),
  };
}

function shellProps() {
  const store = createMemoryNavigationStore('/login');
  const { props } = createDevShell({ store, queryClient: new QueryClient() });
  return {
    ...props,
    navigation: { location: store.getLocation(), navigator: store.navigator, basename: '' },
  };
}

/** A loader whose load the test answers, counting the requests for the area's code. */
function heldLoader() {
  let arrive: (parcel: AreaParcel) => void = () => undefined;
  const load = jest.fn(() => new Promise<AreaParcel>((resolve) => (arrive = resolve)));
  const loader = {
    load,
    reload: load,
    preload: () => undefined,
    lateArrival: () => undefined,
  } as unknown as AreaLoader;
  return { loader, load, arrive: (parcel: AreaParcel) => arrive(parcel) };
}

const flush = () => act(async () => undefined);

/** The outlet as the shell renders it for an 'on-interaction' first view of the account area. */
function showFirstView(loader: AreaLoader, element: HTMLElement) {
  render(
    <AreaOutlet
      area="account"
      loader={loader}
      shellProps={shellProps()}
      firstView={element}
      loadAfter={whenFirstInteraction()}
    />,
  );
}

describe("a first view taken over 'on-interaction'", () => {
  beforeAll(() => recordFirstViewInteractions(document));
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('tells the area load to wait for the first interaction only for an on-interaction first view', () => {
    const state = (takeover?: FirstViewState['takeover']): Partial<FirstViewState> => ({
      area: 'account',
      pathname: '/login',
      queries: [],
      takeover,
    });
    for (const [takeover, waits] of [
      ['on-interaction', true],
      ['eager', false],
      [undefined, false],
    ] as const) {
      document.body.innerHTML = `<div id="root"><div data-first-view-area="account"></div></div>
        <script type="application/json" id="${FIRST_VIEW_STATE_ID}">${jsonForScript(state(takeover))}</script>`;
      const firstView = readFirstView(document, new QueryClient());
      expect(firstView.takeover).toBe(waits ? 'on-interaction' : 'eager');
      expect(firstView.loadAfter()).toBe(waits ? whenFirstInteraction() : undefined);
      firstView.discard();
      // Once the live area showed, nothing waits any more.
      expect(firstView.loadAfter()).toBeUndefined();
    }
  });

  it('asks for no area code before an interaction; the first one loads the area, and typed values, choices, the early click and focus reach the live form', async () => {
    const user = userEvent.setup();
    const submitted = jest.fn();
    const { loader, load, arrive } = heldLoader();
    const element = serverElement();
    const nativeSubmits: boolean[] = [];
    element
      .querySelector('form')!
      .addEventListener('submit', (event) => nativeSubmits.push(event.defaultPrevented));
    showFirstView(loader, element);
    await flush();
    // The server's page is the page, and nothing of the area is requested.
    expect(screen.getByRole('button', { name: 'Log in' })).toBe(element.querySelector('button'));
    expect(load).not.toHaveBeenCalled();
    expect(firstInteractionTime()).toBeNull();

    // The visitor goes for the email field: that is the first interaction.
    await user.click(screen.getByLabelText('Email'));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(firstInteractionTime()).not.toBeNull();

    // The area's code is still on its way: the visitor fills the server's form and presses "Log in".
    await user.keyboard('alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-good-password-1');
    await user.click(screen.getByLabelText('Remember me'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Plan' }), 'annual');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    // The server's form never submits itself (no GET with the password in the address).
    expect(nativeSubmits).toEqual([true]);
    expect(submitted).not.toHaveBeenCalled();

    await act(async () => arrive(loginParcel(submitted)));
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    expect(submitted).toHaveBeenCalledWith({
      email: 'alice@example.com',
      password: 'a-good-password-1',
      remember: true,
      plan: 'annual',
      note: '',
    });
    // The live form shows what was typed and chosen, and the server's element is gone.
    expect(element.isConnected).toBe(false);
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com');
    expect(screen.getByLabelText('Remember me')).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Plan' })).toHaveValue('annual');
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveFocus();
  });

  it('moves focus and the caret into the live field the visitor was typing in', async () => {
    const user = userEvent.setup();
    const submitted = jest.fn();
    const { loader, load, arrive } = heldLoader();
    const element = serverElement();
    showFirstView(loader, element);
    // Interacted already (the earlier test, the same page load): the area loads at once.
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    const note = screen.getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement;
    await user.type(note, 'call me after six');
    // "af" of "after" selected: the next key replaces it.
    note.setSelectionRange(8, 10);

    await act(async () => arrive(loginParcel(submitted)));
    await waitFor(() => expect(element.isConnected).toBe(false));
    const live = screen.getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement;
    expect(live).not.toBe(note);
    await waitFor(() => expect(live).toHaveFocus());
    expect(live).toHaveValue('call me after six');
    expect([live.selectionStart, live.selectionEnd]).toEqual([8, 10]);
    // Typing goes on in the live field.
    await user.keyboard('X');
    expect(live).toHaveValue('call me Xter six');
    expect(submitted).not.toHaveBeenCalled();
  });

  it('leaves a field the visitor did not change to the live page', async () => {
    const { loader, arrive } = heldLoader();
    const element = serverElement();
    showFirstView(loader, element);
    await flush();
    await act(async () => arrive(loginParcel(jest.fn())));
    await waitFor(() => expect(element.isConnected).toBe(false));
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Plan' })).toHaveValue('monthly');
    expect(screen.getByLabelText('Remember me')).not.toBeChecked();
  });
  it('holds the swap while a press on the first view is under way, so the tap it ends is replayed', async () => {
    const user = userEvent.setup();
    const submitted = jest.fn();
    const { loader, load, arrive } = heldLoader();
    const element = serverElement();
    showFirstView(loader, element);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    const button = screen.getByRole('button', { name: 'Log in' });
    // "Log in" pressed on the server's page; the live area arrives before the finger lifts.
    await user.pointer({ keys: '[MouseLeft>]', target: button });
    await act(async () => arrive(loginParcel(submitted)));
    await flush();
    expect(element.isConnected).toBe(true);
    expect(submitted).not.toHaveBeenCalled();

    await user.pointer({ keys: '[/MouseLeft]', target: button });
    await waitFor(() => expect(element.isConnected).toBe(false));
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
  });
});

describe('leaving the first view’s page before the takeover', () => {
  it('shows the loading state for the new page instead of the old one, and loads the area without waiting', async () => {
    const { loader, load } = heldLoader();
    const element = serverElement();
    const never = new Promise<void>(() => undefined);
    const done = jest.fn();
    const props = {
      area: 'account' as const,
      loader,
      shellProps: shellProps(),
      onFirstViewDone: done,
      loadAfter: never,
    };
    const { rerender } = render(<AreaOutlet {...props} firstView={element} />);
    await flush();
    expect(load).not.toHaveBeenCalled();
    // The shell offers no first view for the new path (a link followed, Back, or a redirect).
    rerender(<AreaOutlet {...props} firstView={undefined} />);
    await waitFor(() => expect(element.isConnected).toBe(false));
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(done).toHaveBeenCalledTimes(1);
  });
});

describe('what counts as the first interaction', () => {
  /** A fresh page load: the module's state (the first interaction) starts again. */
  function freshPage() {
    let interactions!: typeof import('../src/federation/first-view-interactions');
    jest.isolateModules(() => {
      interactions = jest.requireActual('../src/federation/first-view-interactions');
    });
    const doc = document.implementation.createHTMLDocument();
    doc.body.innerHTML =
      '<header><a id="home" href="/">Home</a></header><div data-first-view-area="account"><input id="email"></div>';
    interactions.recordFirstViewInteractions(doc);
    const fire = (type: string, target: Element, extra: Record<string, unknown> = {}) =>
      target.dispatchEvent(Object.assign(new Event(type, { bubbles: true }), extra));
    return { interactions, doc, fire };
  }

  it('is not a pen or touch moving, nor focus outside the first view', () => {
    const { interactions, doc, fire } = freshPage();
    fire('pointermove', doc.body, { pointerType: 'touch' });
    fire('focusin', doc.getElementById('home')!);
    fire('wheel', doc.body);
    expect(interactions.firstInteractionTime()).toBeNull();
  });

  it.each([
    ['a mouse moving over the page', 'pointermove', 'body', { pointerType: 'mouse' }],
    ['a pointer pressed anywhere', 'pointerdown', 'home', {}],
    ['a key pressed', 'keydown', 'body', { key: 'Tab' }],
    ['a touch', 'touchstart', 'body', {}],
    ['focus arriving in a field of the first view', 'focusin', 'email', {}],
  ])('is %s', (_what, type, where, extra) => {
    const { interactions, doc, fire } = freshPage();
    fire(type, where === 'body' ? doc.body : doc.getElementById(where)!, extra);
    expect(interactions.firstInteractionTime()).not.toBeNull();
  });
});
