import { createLocationRelay, prefetchShellStart } from '../src/app/shell-basics';
import { PREFETCH_ATTRIBUTE } from '../src/federation/area-code-prefetch';

describe("the shell's basics", () => {
  beforeEach(() => {
    document.head.innerHTML = '';
  });

  it('prefetches the start files the build lists, without running them', async () => {
    const asked: string[] = [];
    await prefetchShellStart(document, async (url) => {
      asked.push(url);
      return ['shell-start.1.js', '262.2.js', 42];
    });
    expect(asked).toEqual(['/shell-start-files.json']);
    const links = [
      ...document.head.querySelectorAll<HTMLLinkElement>(`link[${PREFETCH_ATTRIBUTE}]`),
    ];
    expect(links.map((link) => [link.rel, link.as, new URL(link.href).pathname])).toEqual([
      ['prefetch', 'script', '/shell-start.1.js'],
      ['prefetch', 'script', '/262.2.js'],
    ]);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it("prefetches the files from the list's folder on a page deeper down, such as a partner's pricing page", async () => {
    window.history.pushState(null, '', '/shop/acme-wellness/pricing');
    try {
      await prefetchShellStart(document, async () => ['shell-start.1.js']);
      const link = document.head.querySelector<HTMLLinkElement>(`link[${PREFETCH_ATTRIBUTE}]`)!;
      expect(new URL(link.href).pathname).toBe('/shell-start.1.js');
    } finally {
      window.history.pushState(null, '', '/');
    }
  });

  it('prefetches nothing when the list cannot be read', async () => {
    await prefetchShellStart(document, async () => {
      throw new Error('offline');
    });
    await prefetchShellStart(document, async () => ({ not: 'a list' }));
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });

  it("reads the address bar until the shell's store takes over, then tells its listeners of each move", () => {
    const relay = createLocationRelay({ location: { pathname: '/login' } as Location });
    const heard: string[] = [];
    relay.subscribe(() => heard.push(relay.getLocation().pathname));
    expect(relay.getLocation().pathname).toBe('/login');

    let path = '/login';
    const listeners: (() => void)[] = [];
    relay.follow({
      getLocation: () => ({ pathname: path }),
      subscribe: (listener) => {
        listeners.push(listener);
        return () => undefined;
      },
    });
    path = '/account/results';
    listeners.forEach((listener) => listener());
    expect(heard).toEqual(['/account/results']);
  });
});
