import {
  DEV_OVERRIDE_STORAGE_KEY,
  isOriginAllowed,
  parseDevOverride,
  resolveDevOverrides,
} from './dev-override';

const LOCALHOST = ['http://localhost', 'http://127.0.0.1'];

describe('parseDevOverride', () => {
  it('accepts a manifest on an allowed localhost origin and normalizes the package spelling', () => {
    expect(
      parseDevOverride('mf_checkout@http://localhost:3003/mf-manifest.json', LOCALHOST),
    ).toEqual({
      ok: true,
      override: { name: 'mf_checkout', manifestUrl: 'http://localhost:3003/mf-manifest.json' },
    });
    const dashed = parseDevOverride('mf-catalog@http://127.0.0.1:3002/mf-manifest.json', LOCALHOST);
    expect(dashed.ok && dashed.override.name).toBe('mf_catalog');
  });

  it.each([
    [
      'another host',
      'mf_checkout@https://evil.example/mf-manifest.json',
      /not on the development-override allowlist/,
    ],
    [
      'a look-alike subdomain',
      'mf_checkout@http://localhost.evil.example:3003/mf-manifest.json',
      /allowlist/,
    ],
    [
      'credentials that hide the real host',
      'mf_checkout@http://localhost:3003@evil.example/mf-manifest.json',
      /credentials/,
    ],
    [
      'a userinfo trick',
      'mf_checkout@http://localhost@evil.example/mf-manifest.json',
      /credentials/,
    ],
    [
      'a fragment trick',
      'mf_checkout@http://evil.example#@localhost/mf-manifest.json',
      /allowlist/,
    ],
    [
      'an encoded dot in the host',
      'mf_checkout@http://localhost%2eevil.example/mf-manifest.json',
      /allowlist/,
    ],
    ['javascript:', 'mf_checkout@javascript:alert(1)//mf-manifest.json', /absolute http/],
    ['data:', 'mf_checkout@data:application/json,{}', /absolute http/],
    ['a protocol-relative URL', 'mf_checkout@//evil.example/mf-manifest.json', /absolute http/],
    ['a relative URL', 'mf_checkout@/mf-manifest.json', /absolute http/],
    ['an unknown remote', 'mf_evil@http://localhost:3003/mf-manifest.json', /Unknown remote/],
    ['a missing remote name', '@http://localhost:3003/mf-manifest.json', /Use the form/],
    [
      'a script instead of a manifest',
      'mf_checkout@http://localhost:3003/remoteEntry.js',
      /mf-manifest\.json/,
    ],
    [
      'embedded whitespace',
      'mf_checkout@http://localhost:3003/mf-manifest.json\n<script>',
      /whitespace/,
    ],
    ['a control character', 'mf_checkout@http://localhost:3003/mf\u0000-manifest.json', /control/],
    [
      'an oversized value',
      `mf_checkout@http://localhost:3003/${'a'.repeat(3000)}.json`,
      /too long/,
    ],
  ])('refuses %s', (_label, value, reason) => {
    const result = parseDevOverride(value, LOCALHOST);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.refusal.reason).toMatch(reason);
  });

  it('refuses everything when the allowlist is empty, as in production', () => {
    const result = parseDevOverride('mf_checkout@http://localhost:3003/mf-manifest.json', []);
    expect(!result.ok && result.refusal.reason).toMatch(/disabled in this environment/);
  });

  it('honours an explicit port in the allowlist', () => {
    expect(
      parseDevOverride('mf_checkout@http://localhost:3003/mf-manifest.json', [
        'http://localhost:3003',
      ]).ok,
    ).toBe(true);
    expect(
      parseDevOverride('mf_checkout@http://localhost:4000/mf-manifest.json', [
        'http://localhost:3003',
      ]).ok,
    ).toBe(false);
  });
});

describe('isOriginAllowed', () => {
  it('matches scheme, host and port exactly unless the port is left open', () => {
    expect(isOriginAllowed('http://localhost:3003', ['http://localhost:*'])).toBe(true);
    expect(isOriginAllowed('https://localhost:3003', ['http://localhost'])).toBe(false);
    expect(isOriginAllowed('http://localhost', ['http://localhost:80'])).toBe(true);
    expect(isOriginAllowed('https://dev.example:8443', ['https://dev.example:8443'])).toBe(true);
    expect(isOriginAllowed('not a url', ['http://localhost'])).toBe(false);
    expect(isOriginAllowed('http://localhost:3003', ['localhost'])).toBe(false);
  });
});

describe('resolveDevOverrides', () => {
  const url = 'http://localhost:3003/mf-manifest.json';

  it('applies a query override and asks the shell to store it', () => {
    const state = resolveDevOverrides({
      search: `?override=mf_checkout@${url}`,
      storedValue: null,
      allowedOrigins: LOCALHOST,
    });
    expect(state.overrides).toEqual([{ name: 'mf_checkout', manifestUrl: url }]);
    expect(state.refused).toEqual([]);
    expect(JSON.parse(state.storageUpdate as string)).toEqual([`mf_checkout@${url}`]);
  });

  it('reports a refused query value and leaves storage alone', () => {
    const state = resolveDevOverrides({
      search: '?override=mf_checkout@https://evil.example/mf-manifest.json',
      storedValue: null,
      allowedOrigins: LOCALHOST,
    });
    expect(state.overrides).toEqual([]);
    expect(state.refused).toHaveLength(1);
    expect(state.storageUpdate).toBeUndefined();
  });

  it('re-validates stored overrides and drops the ones no longer allowed', () => {
    const stored = JSON.stringify([`mf_checkout@${url}`]);
    expect(
      resolveDevOverrides({ search: '', storedValue: stored, allowedOrigins: LOCALHOST }).overrides,
    ).toHaveLength(1);
    const production = resolveDevOverrides({ search: '', storedValue: stored, allowedOrigins: [] });
    expect(production.overrides).toEqual([]);
    expect(production.refused[0]?.reason).toMatch(/disabled/);
    expect(production.storageUpdate).toBeNull();
  });

  it('clears storage on ?override=reset and on an unreadable stored value', () => {
    const stored = JSON.stringify([`mf_checkout@${url}`]);
    expect(
      resolveDevOverrides({
        search: '?override=reset',
        storedValue: stored,
        allowedOrigins: LOCALHOST,
      }),
    ).toEqual({
      overrides: [],
      refused: [],
      storageUpdate: null,
    });
    const garbage = resolveDevOverrides({
      search: '',
      storedValue: '{not json',
      allowedOrigins: LOCALHOST,
    });
    expect(garbage.storageUpdate).toBeNull();
    expect(garbage.refused).toHaveLength(1);
  });

  it('keeps one override per remote, the last one given', () => {
    const state = resolveDevOverrides({
      search: `?override=mf_checkout@${url}&override=mf_checkout@http://localhost:4000/mf-manifest.json&override=mf_catalog@http://localhost:3002/mf-manifest.json`,
      storedValue: null,
      allowedOrigins: LOCALHOST,
    });
    expect(state.overrides).toEqual([
      { name: 'mf_checkout', manifestUrl: 'http://localhost:4000/mf-manifest.json' },
      { name: 'mf_catalog', manifestUrl: 'http://localhost:3002/mf-manifest.json' },
    ]);
    expect(DEV_OVERRIDE_STORAGE_KEY).toBe('shop-dev-overrides');
  });
});
