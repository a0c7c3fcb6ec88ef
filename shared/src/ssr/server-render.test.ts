import { jsonForScript, parseFirstViewState, splitLeadingStyles } from './server-render';

describe('jsonForScript', () => {
  it('cannot close the script element or open a comment, whatever the data holds, and parses back to the same value', () => {
    const value = {
      title: '</script><script>alert(1)</script>',
      note: '<!-- x -->',
      amp: 'a&b',
      separators: 'a\u2028b\u2029c',
    };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/<\/script|<!--|[\u2028\u2029]/i);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('parseFirstViewState', () => {
  it('reads a well-formed state and drops queries without a key or age', () => {
    const state = parseFirstViewState(
      JSON.stringify({
        area: 'catalog',
        pathname: '/',
        queries: [
          { queryKey: ['catalog', 'content'], data: { a: 1 }, dataUpdatedAt: 5 },
          { queryKey: 'nope', data: 1, dataUpdatedAt: 5 },
          null,
        ],
      }),
    );
    expect(state).toEqual({
      area: 'catalog',
      pathname: '/',
      basename: '',
      b2bKey: null,
      queries: [{ queryKey: ['catalog', 'content'], data: { a: 1 }, dataUpdatedAt: 5 }],
      takeover: 'eager',
      openEvents: [],
      frame: 'anonymous',
      partnerHead: false,
    });
  });

  it('keeps the page chunk names and drops anything that is not one', () => {
    const parse = (pages: unknown) =>
      parseFirstViewState(
        JSON.stringify({ area: 'checkout', pathname: '/shopping-cart', queries: [], pages }),
      )?.pages;
    expect(parse(['cart-page', 'catalog-antd-theme'])).toEqual(['cart-page', 'catalog-antd-theme']);
    expect(parse(['cart-page', '../x', 'Cart', 3, 'a'.repeat(101)])).toEqual(['cart-page']);
    expect(parse('cart-page')).toBeUndefined();
    expect(parse([])).toBeUndefined();
  });

  it("keeps a frame drawn as the visitor and reads anything else as 'anonymous'", () => {
    const parse = (frame: unknown) =>
      parseFirstViewState(
        JSON.stringify({ area: 'checkout', pathname: '/shopping-cart', queries: [], frame }),
      )?.frame;
    expect(parse('visitor')).toBe('visitor');
    expect(parse('anonymous')).toBe('anonymous');
    expect(parse(undefined)).toBe('anonymous');
    expect(parse(['visitor'])).toBe('anonymous');
  });

  it('keeps the page-open events that have a name and a params object', () => {
    const event = { event: 'begin_checkout', params: { ecommerce: { value: 49 } } };
    const state = parseFirstViewState(
      JSON.stringify({
        area: 'checkout',
        pathname: '/checkout',
        queries: [],
        openEvents: [event, { event: 'view_item' }, { event: 1, params: {} }, null],
      }),
    );
    expect(state?.openEvents).toEqual([event]);
  });

  it("keeps an 'on-interaction' takeover and reads anything else as 'eager'", () => {
    const parse = (takeover: unknown) =>
      parseFirstViewState(
        JSON.stringify({ area: 'account', pathname: '/login', queries: [], takeover }),
      )?.takeover;
    expect(parse('on-interaction')).toBe('on-interaction');
    expect(parse('eager')).toBe('eager');
    expect(parse(undefined)).toBe('eager');
    expect(parse('later')).toBe('eager');
    expect(parse({ when: 'on-interaction' })).toBe('eager');
  });

  it("keeps a storefront page's partner key and basename", () => {
    const state = parseFirstViewState(
      JSON.stringify({
        area: 'storefront',
        pathname: '/shop/acme/pricing',
        basename: '/shop/acme',
        b2bKey: 'acme',
        queries: [],
      }),
    );
    expect(state).toMatchObject({ area: 'storefront', basename: '/shop/acme', b2bKey: 'acme' });
  });

  it("knows a partner's head is drawn only when the state says so with true", () => {
    const parse = (partnerHead: unknown) =>
      parseFirstViewState(
        JSON.stringify({ area: 'storefront', pathname: '/shop/acme', queries: [], partnerHead }),
      )?.partnerHead;
    expect(parse(true)).toBe(true);
    expect(parse(undefined)).toBe(false);
    expect(parse('true')).toBe(false);
  });

  it('turns anything malformed into no state', () => {
    expect(parseFirstViewState(null)).toBeNull();
    expect(parseFirstViewState('')).toBeNull();
    expect(parseFirstViewState('{"area":')).toBeNull();
    expect(parseFirstViewState('{"area":"catalog","pathname":"/"}')).toBeNull();
    expect(parseFirstViewState('[]')).toBeNull();
  });
});

describe('splitLeadingStyles', () => {
  it('moves the style elements React writes first to the head part and leaves the rest', () => {
    const html =
      '<style data-precedence="default" data-href="a">.a{}</style><style data-href="b">.b{}</style><div><style>.inner{}</style></div>';
    expect(splitLeadingStyles(html)).toEqual({
      head: '<style data-precedence="default" data-href="a">.a{}</style><style data-href="b">.b{}</style>',
      body: '<div><style>.inner{}</style></div>',
    });
    expect(splitLeadingStyles('<main></main>')).toEqual({ head: '', body: '<main></main>' });
  });
});
