import { VISITOR_FRAME_KEY } from '@shop/shared/client-state/client-storage';
import {
  markPlainVisitor,
  PLAIN_VISITOR_ATTRIBUTE,
  rememberVisitorFrame,
  rendersOnFirstInteraction,
} from '../src/app/render-gate';

function memoryStorage(values: Record<string, string> = {}) {
  const map = new Map(Object.entries(values));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: jest.fn((key: string, value: string) => void map.set(key, value)),
  };
}

describe('when the shell renders on a page the server drew', () => {
  it('waits for the first interaction when the first view is the whole page for this visitor', () => {
    const plain = memoryStorage({ [VISITOR_FRAME_KEY]: 'plain' });
    const personal = memoryStorage({ [VISITOR_FRAME_KEY]: 'personal' });
    const waiting = { takeover: 'on-interaction', frame: 'anonymous', b2bKey: null } as const;
    // Drawn for anyone: right for a visitor last seen signed out with an empty cart, or never seen.
    expect(rendersOnFirstInteraction(waiting, plain)).toBe(true);
    expect(rendersOnFirstInteraction(waiting, memoryStorage())).toBe(true);
    // A signed-in visitor or one with a cart would see an anonymous header and an empty cart.
    expect(rendersOnFirstInteraction(waiting, personal)).toBe(false);
    // Drawn as this visitor: theirs whatever was seen before.
    expect(rendersOnFirstInteraction({ ...waiting, frame: 'visitor' }, personal)).toBe(true);
    // A first view whose area takes over at once starts the shell at once.
    expect(
      rendersOnFirstInteraction({ ...waiting, takeover: 'eager', frame: 'visitor' }, plain),
    ).toBe(false);
    // A partner's page waits like the shop's own when the server drew its head (icon, meta
    // tags); without it the shell must start to set them.
    expect(
      rendersOnFirstInteraction({ ...waiting, b2bKey: 'acme', partnerHead: true }, plain),
    ).toBe(true);
    expect(
      rendersOnFirstInteraction(
        { ...waiting, b2bKey: 'acme', partnerHead: true, frame: 'visitor' },
        personal,
      ),
    ).toBe(true);
    expect(
      rendersOnFirstInteraction({ ...waiting, b2bKey: 'acme', partnerHead: true }, personal),
    ).toBe(false);
    expect(rendersOnFirstInteraction({ ...waiting, b2bKey: 'acme' }, plain)).toBe(false);
  });

  it('remembers a visitor as personal when signed in or with something in the cart, writing only changes', () => {
    const storage = memoryStorage();
    rememberVisitorFrame(storage, { signedIn: false, cartCount: 0 });
    expect(storage.getItem(VISITOR_FRAME_KEY)).toBe('plain');
    rememberVisitorFrame(storage, { signedIn: false, cartCount: 0 });
    expect(storage.setItem).toHaveBeenCalledTimes(1);
    rememberVisitorFrame(storage, { signedIn: false, cartCount: 2 });
    expect(storage.getItem(VISITOR_FRAME_KEY)).toBe('personal');
    rememberVisitorFrame(storage, { signedIn: true, cartCount: 0 });
    expect(storage.getItem(VISITOR_FRAME_KEY)).toBe('personal');
    rememberVisitorFrame(storage, { signedIn: false, cartCount: 0 });
    expect(storage.getItem(VISITOR_FRAME_KEY)).toBe('plain');
  });

  it('reads a storage that throws as nothing stored', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(
      rendersOnFirstInteraction(
        { takeover: 'on-interaction', frame: 'anonymous', b2bKey: null },
        broken,
      ),
    ).toBe(true);
    expect(() => rememberVisitorFrame(broken, { signedIn: true, cartCount: 1 })).not.toThrow();
  });
});

describe("the header's pending Log in", () => {
  afterEach(() => document.documentElement.removeAttribute(PLAIN_VISITOR_ATTRIBUTE));

  it('is offered to a visitor last seen signed out, or never seen, and not to one seen signed in or with a cart', () => {
    for (const [stored, offered] of [
      [{ [VISITOR_FRAME_KEY]: 'plain' }, true],
      [{}, true],
      [{ [VISITOR_FRAME_KEY]: 'personal' }, false],
    ] as const) {
      document.documentElement.removeAttribute(PLAIN_VISITOR_ATTRIBUTE);
      markPlainVisitor(document, memoryStorage(stored));
      expect(document.documentElement.hasAttribute(PLAIN_VISITOR_ATTRIBUTE)).toBe(offered);
    }
  });
});
