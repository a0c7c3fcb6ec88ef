import { createAreaLoader, type FederationApi } from '../src/federation/area-loader';
import {
  areaCodeUrls,
  PREFETCH_ATTRIBUTE,
  addPrefetchLinks,
  prefetchAreaCode,
  prefetchFirstViewArea,
} from '../src/federation/area-code-prefetch';
import { createContractGuard } from '../src/federation/contract-guard';
import { firstInteractionTime } from '../src/federation/first-view-interactions';
import { steppedWindow } from './support/stepped-window';

const MANIFEST_URL = '/remotes/mf_checkout/7/mf-manifest.json';
const manifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
  exposes: [{ path: './app', assets: { js: { sync: ['app.1.js'], async: ['cart.2.js'] } } }],
};

const prefetchLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>(`link[${PREFETCH_ATTRIBUTE}]`)].map(
    (link) => ({ rel: link.rel, href: new URL(link.href).pathname }),
  );

const neverLoads: FederationApi = {
  registerRemotes: () => undefined,
  loadRemote: () => Promise.reject(new Error('the area must not be loaded by a prefetch')),
};

afterEach(() => {
  document.head.innerHTML = '';
});

describe('idle prefetch of the area code', () => {
  it('names the entry and the exposed app chunks beside the manifest', () => {
    expect(areaCodeUrls(MANIFEST_URL, manifest, 'https://shop.test/shopping-cart')).toEqual([
      'https://shop.test/remotes/mf_checkout/7/remoteEntry.js',
      'https://shop.test/remotes/mf_checkout/7/app.1.js',
      'https://shop.test/remotes/mf_checkout/7/cart.2.js',
    ]);
  });

  it('requests the area entry after the first paint, when idle, before any interaction, without loading the area', async () => {
    const fetched: string[] = [];
    const loader = createAreaLoader({
      federation: neverLoads,
      guard: createContractGuard(),
      fetchSources: async () => [{ name: 'mf_checkout', manifestUrl: MANIFEST_URL }],
      prefetchCode: (url) =>
        prefetchAreaCode(document, url, {
          fetchJson: async (json) => {
            fetched.push(json);
            return manifest;
          },
        }),
    });
    const prefetch = jest.spyOn(loader, 'prefetch');
    const stepped = steppedWindow();
    prefetchFirstViewArea(
      stepped.win,
      {
        takeover: 'on-interaction',
        pathname: '/shopping-cart',
        routeFor: () => ({ area: 'checkout' }),
      },
      loader,
    );

    // Nothing is fetched while the page is still painting: the fetch must not compete with it.
    expect(prefetch).not.toHaveBeenCalled();
    stepped.paint();
    expect(prefetch).not.toHaveBeenCalled();
    stepped.idle();
    expect(prefetch).toHaveBeenCalledWith('checkout');
    await prefetch.mock.results[0]!.value;

    expect(fetched).toEqual([MANIFEST_URL]);
    expect(prefetchLinks()).toEqual([
      { rel: 'prefetch', href: '/remotes/mf_checkout/7/remoteEntry.js' },
      { rel: 'prefetch', href: '/remotes/mf_checkout/7/app.1.js' },
      { rel: 'prefetch', href: '/remotes/mf_checkout/7/cart.2.js' },
    ]);
    expect(firstInteractionTime()).toBeNull();
  });

  it('leaves an eager first view alone: its area loads at once anyway', () => {
    const prefetch = jest.fn(async () => undefined);
    const stepped = steppedWindow();
    prefetchFirstViewArea(
      stepped.win,
      { takeover: 'eager', pathname: '/pricing', routeFor: () => ({ area: 'catalog' }) },
      { prefetch },
    );
    stepped.paint();
    stepped.idle();
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('adds each file once however often it is asked', async () => {
    const fetchJson = async () => manifest;
    await prefetchAreaCode(document, MANIFEST_URL, { fetchJson });
    await prefetchAreaCode(document, MANIFEST_URL, { fetchJson });
    expect(prefetchLinks()).toHaveLength(3);
  });
});

describe('prefetching the landed page only', () => {
  const pagesManifest = {
    ...manifest,
    exposes: [
      {
        path: './app',
        assets: {
          js: { sync: ['app.1.js'], async: ['cart-page.2.js', 'checkout-page.3.js', 'antd.4.js'] },
        },
      },
    ],
  };
  const pageFiles = {
    'cart-page': ['antd.4.js', 'cart-page.2.js'],
    'checkout-page': ['antd.4.js', 'checkout-page.3.js'],
  };
  const answers = (files: unknown) => async (url: string) => {
    if (url.endsWith('/mf-manifest.json')) return pagesManifest;
    if (url === 'http://localhost/remotes/mf_checkout/7/page-files.json') return files;
    throw new Error(`unexpected fetch ${url}`);
  };

  it("fetches the entry, the app chunks and the first view's page, not the area's other pages", async () => {
    await prefetchAreaCode(document, MANIFEST_URL, {
      pages: ['cart-page'],
      fetchJson: answers(pageFiles),
    });
    expect(prefetchLinks().map((link) => link.href)).toEqual([
      '/remotes/mf_checkout/7/remoteEntry.js',
      '/remotes/mf_checkout/7/app.1.js',
      '/remotes/mf_checkout/7/antd.4.js',
      '/remotes/mf_checkout/7/cart-page.2.js',
    ]);
  });

  it('fetches every page when the build does not list the page, or its list cannot be read', async () => {
    await prefetchAreaCode(document, MANIFEST_URL, {
      pages: ['thank-you-page'],
      fetchJson: answers(pageFiles),
    });
    expect(prefetchLinks()).toHaveLength(5);
    document.head.innerHTML = '';
    await prefetchAreaCode(document, MANIFEST_URL, {
      pages: ['cart-page'],
      fetchJson: async (url) => {
        if (url.endsWith('page-files.json')) throw new Error('404');
        return pagesManifest;
      },
    });
    expect(prefetchLinks()).toHaveLength(5);
  });
});

describe('adding prefetch links', () => {
  it('adds a few per task, so dozens of files never make one long task', async () => {
    document.head.innerHTML = '';
    const hrefs = Array.from({ length: 10 }, (_, index) => `https://shop.test/${index}.js`);
    const added = addPrefetchLinks(document, hrefs);
    // The first task adds four; the rest follow in later tasks.
    expect(document.head.querySelectorAll('link[rel="prefetch"]')).toHaveLength(4);
    await added;
    expect(
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map(
        (link) => link.href,
      ),
    ).toEqual(hrefs);
  });
});
