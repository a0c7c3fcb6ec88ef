import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEV_OVERRIDE_STORAGE_KEY } from '@shop/shared/releases/dev-override';
import { DevOverrideBanner } from '../src/features/dev-override/dev-override-banner';
import {
  readShellDevOverrides,
  type ShellDevOverrides,
} from '../src/features/dev-override/dev-overrides';
import {
  loadShellDevOverrides,
  NO_DEV_OVERRIDES,
} from '../src/features/dev-override/dev-override-loader';

const LOCAL = ['http://localhost', 'http://127.0.0.1'];
const MANIFEST = 'http://localhost:3003/mf-manifest.json';

function visit(pathAndSearch: string) {
  window.history.replaceState(null, '', pathAndSearch);
}

beforeEach(() => {
  window.localStorage.clear();
  visit('/');
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('loading the development override only when a page load asks for one', () => {
  it('answers "none" for a shopper, without touching the address or storage', async () => {
    visit('/pricing?interval=monthly');
    await expect(loadShellDevOverrides(window, LOCAL)).resolves.toBe(NO_DEV_OVERRIDES);
    expect(window.location.pathname + window.location.search).toBe('/pricing?interval=monthly');
    expect(window.localStorage.getItem(DEV_OVERRIDE_STORAGE_KEY)).toBeNull();
  });

  it('takes ?override= out of the address at once, then resolves it as the page loaded it', async () => {
    visit(`/checkout?step=2&override=mf_checkout@${encodeURIComponent(MANIFEST)}`);
    const pending = loadShellDevOverrides(window, LOCAL);
    // Synchronously: the router, created next, never sees the parameter.
    expect(window.location.pathname + window.location.search).toBe('/checkout?step=2');
    const state = await pending;
    expect(state.overrides).toEqual([{ name: 'mf_checkout', manifestUrl: MANIFEST }]);
    expect(JSON.parse(window.localStorage.getItem(DEV_OVERRIDE_STORAGE_KEY)!)).toEqual([
      `mf_checkout@${MANIFEST}`,
    ]);
  });

  it('resolves a stored override on a later page load', async () => {
    window.localStorage.setItem(
      DEV_OVERRIDE_STORAGE_KEY,
      JSON.stringify([`mf_checkout@${MANIFEST}`]),
    );
    const state = await loadShellDevOverrides(window, LOCAL);
    expect(state).not.toBe(NO_DEV_OVERRIDES);
    expect(state.overrides).toEqual([{ name: 'mf_checkout', manifestUrl: MANIFEST }]);
  });
});

describe('reading the development override', () => {
  it('takes ?override= from an allowed origin, stores it and cleans the address bar', () => {
    visit(`/checkout?step=2&override=mf_checkout@${encodeURIComponent(MANIFEST)}`);
    const state = readShellDevOverrides(window, LOCAL);
    expect(state.overrides).toEqual([{ name: 'mf_checkout', manifestUrl: MANIFEST }]);
    expect(JSON.parse(window.localStorage.getItem(DEV_OVERRIDE_STORAGE_KEY)!)).toEqual([
      `mf_checkout@${MANIFEST}`,
    ]);
    expect(window.location.pathname + window.location.search).toBe('/checkout?step=2');
  });

  it('keeps a stored override on later page loads, and reset forgets it', () => {
    window.localStorage.setItem(
      DEV_OVERRIDE_STORAGE_KEY,
      JSON.stringify([`mf_checkout@${MANIFEST}`]),
    );
    const state = readShellDevOverrides(window, LOCAL);
    expect(state.overrides.map((override) => override.name)).toEqual(['mf_checkout']);
    state.reset();
    expect(window.localStorage.getItem(DEV_OVERRIDE_STORAGE_KEY)).toBeNull();
    expect(readShellDevOverrides(window, LOCAL).overrides).toEqual([]);
  });

  it('refuses an origin off the allowlist and stores nothing', () => {
    visit(
      `/?override=mf_checkout@${encodeURIComponent('https://evil.example.test/mf-manifest.json')}`,
    );
    const state = readShellDevOverrides(window, LOCAL);
    expect(state.overrides).toEqual([]);
    expect(state.refused[0]?.reason).toContain('not on the development-override allowlist');
    expect(window.localStorage.getItem(DEV_OVERRIDE_STORAGE_KEY)).toBeNull();
  });

  it('refuses everything, stored overrides included, where the allowlist is empty (production)', () => {
    window.localStorage.setItem(
      DEV_OVERRIDE_STORAGE_KEY,
      JSON.stringify([`mf_checkout@${MANIFEST}`]),
    );
    const state = readShellDevOverrides(window, []);
    expect(state.overrides).toEqual([]);
    expect(state.refused[0]?.reason).toMatch(/disabled/);
    expect(window.localStorage.getItem(DEV_OVERRIDE_STORAGE_KEY)).toBeNull();
  });
});

describe('the development override banner', () => {
  const accepted = (reset = jest.fn()): ShellDevOverrides => ({
    overrides: [
      { name: 'mf_checkout', manifestUrl: MANIFEST },
      { name: 'mf_catalog', manifestUrl: 'http://127.0.0.1:3002/mf-manifest.json' },
    ],
    refused: [],
    reset,
  });

  it('names each overridden remote and its URL', () => {
    render(<DevOverrideBanner devOverrides={accepted()} onReset={() => undefined} />);
    const banner = screen.getByRole('region', { name: 'Development override' });
    expect(banner).toHaveTextContent(`mf_checkout loads from ${MANIFEST}`);
    expect(banner).toHaveTextContent(
      'mf_catalog loads from http://127.0.0.1:3002/mf-manifest.json',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Reset forgets the overrides, hides the banner and asks the shell to reload', async () => {
    const reset = jest.fn();
    const onReset = jest.fn();
    render(<DevOverrideBanner devOverrides={accepted(reset)} onReset={onReset} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(reset).toHaveBeenCalledTimes(1);
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: 'Development override' })).not.toBeInTheDocument();
  });

  it('shows a refused value with its reason as an alert, which can be dismissed', async () => {
    visit(
      `/?override=mf_checkout@${encodeURIComponent('https://evil.example.test/mf-manifest.json')}`,
    );
    render(
      <DevOverrideBanner
        devOverrides={readShellDevOverrides(window, LOCAL)}
        onReset={() => undefined}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Development override refused');
    expect(alert).toHaveTextContent(
      'The origin https://evil.example.test is not on the development-override allowlist.',
    );
    expect(screen.queryByRole('region', { name: 'Development override' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('renders nothing without overrides or refusals', () => {
    const { container } = render(
      <DevOverrideBanner
        devOverrides={{ overrides: [], refused: [], reset: jest.fn() }}
        onReset={() => undefined}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
