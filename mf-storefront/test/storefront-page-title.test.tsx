import { act } from '@testing-library/react';
import { createAreaApp } from '@shop/shared/federation/remote-root';
import { defaultThemeTokens } from '@shop/shared/federation/antd-theme';
import { renderArea } from '@shop/shared/shell-contract/test-shell';
import { storefrontPageTitle, useStorefrontPageTitle } from '../src/app/page-title';

const ACME = { shopKey: 'acme', businessName: ' Acme Wellness ' };

function TitleOnly() {
  useStorefrontPageTitle();
  return null;
}
const { AreaRoot } = createAreaApp('storefront', TitleOnly);

describe('storefront page titles', () => {
  it("names each page for the partner, 'Not found' without one, and waits while it loads", () => {
    const theme = defaultThemeTokens();
    expect(storefrontPageTitle('/pricing/monthly', ACME, theme)).toBe(
      'Monthly plans | Acme Wellness',
    );
    expect(storefrontPageTitle('/', ACME, theme)).toBe('At-home blood tests | Acme Wellness');
    expect(storefrontPageTitle('/shopping-cart/', ACME, theme)).toBe('Your cart | Acme Wellness');
    expect(storefrontPageTitle('/checkout/thank-you', { shopKey: 'acme' }, theme)).toBe(
      'Thank you | acme',
    );
    expect(storefrontPageTitle('/pricing', { ...ACME, pricingMode: 'quarterly' }, theme)).toBe(
      'Quarterly plans | Acme Wellness',
    );
    expect(storefrontPageTitle('/pricing', ACME, theme)).toBe('Tests and pricing | Acme Wellness');
    expect(storefrontPageTitle('/new-page', ACME, theme)).toBe('Shop | Acme Wellness');
    expect(storefrontPageTitle('/pricing', null, theme)).toBe('Not found');
    expect(storefrontPageTitle('/pricing', undefined, theme)).toBeNull();
  });

  it('follows the page inside the storefront and gives the tab its title back when the area leaves', () => {
    document.title = 'Bloodwise';
    const view = renderArea(AreaRoot, {
      path: '/shop/acme/pricing/monthly',
      basename: '/shop/acme',
      customization: ACME,
    });
    expect(document.title).toBe('Monthly plans | Acme Wellness');
    act(() => view.store.navigator.push('/shop/acme/checkout'));
    expect(document.title).toBe('Checkout | Acme Wellness');
    view.unmount();
    expect(document.title).toBe('Bloodwise');
  });
});
