/// <reference types="@testing-library/jest-dom" />
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { lazyPage, pageChunkName, preloadLazyPages, recordRenderedPages } from './lazy-page';

function Greeting({ name }: { name: string }) {
  return <h1>Hello {name}</h1>;
}

describe('lazyPage', () => {
  it('loads a named export on first render, behind Suspense', async () => {
    const load = jest.fn(async () => ({ Greeting }));
    const Page = lazyPage(load, 'Greeting');
    expect(load).not.toHaveBeenCalled();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page name="Ann" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Hello Ann' })).toBeInTheDocument();
  });

  it('renders a preloaded page in the same pass, without the fallback', async () => {
    const Page = lazyPage(async () => ({ Greeting }), 'Greeting');
    await preloadLazyPages();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page name="Bo" />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Hello Bo' })).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });
});

describe('the page chunks a server render drew', () => {
  it('names each lazy page rendered, as its chunk is named, and no page that was not', async () => {
    const CartPage = lazyPage(async () => ({ CartPage: Greeting }), 'CartPage');
    const PartnerCheckoutPage = lazyPage(
      async () => ({ PartnerCheckoutPage: Greeting }),
      'PartnerCheckoutPage',
      { alsoChunks: ['catalog-antd-theme'] },
    );
    const ThankYouPage = lazyPage(async () => ({ ThankYouPage: Greeting }), 'ThankYouPage');
    void ThankYouPage;
    await preloadLazyPages();
    const { result, pages } = recordRenderedPages(() =>
      renderToString(
        <Suspense fallback={<p>loading</p>}>
          <CartPage name="Cy" />
          <PartnerCheckoutPage name="Di" />
        </Suspense>,
      ),
    );
    expect(result).toContain('Hello <!-- -->Cy');
    expect(pages).toEqual(['cart-page', 'partner-checkout-page', 'catalog-antd-theme']);
    // Outside a recorded render nothing is collected.
    expect(recordRenderedPages(() => renderToString(<p />)).pages).toEqual([]);
  });

  it('names chunks in kebab case, as the imports do', () => {
    expect(pageChunkName('HomePage')).toBe('home-page');
    expect(pageChunkName('PartnerMainPageRoute')).toBe('partner-main-page-route');
    expect(pageChunkName('TrendChart')).toBe('trend-chart');
  });
});
