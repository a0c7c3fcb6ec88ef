// The storefront's own defence: even if the API served hostile values (it does not), partner text
// renders as text and no hostile link, image or redirect is used.
import { screen, waitFor } from '@testing-library/react';
import {
  HOSTILE_LINK_FIELDS,
  HOSTILE_TEXT_CUSTOMIZATION,
  SCRIPT_PAYLOAD,
} from '../../api/src/db/seed/hostile-partner';
import { partnerMainPageAreaPropsSchema } from '@shop/shared/contract/partner-main-page';
import { renderStorefront } from './support/render-storefront';

const hostile = {
  shopKey: 'hostile-partner',
  ...HOSTILE_TEXT_CUSTOMIZATION,
  ...HOSTILE_LINK_FIELDS,
  mainPageStep1Image: '//evil.example/x.png',
  boxLogo: 'javascript:window.__pwned="box"',
  aboutImage: 'data:image/svg+xml,<svg onload=alert(1)>',
  newMarkersSection: true,
};

declare global {
  interface Window {
    __pwned?: string;
  }
}

describe('a hostile partner', () => {
  beforeEach(() => {
    delete window.__pwned;
  });

  it('hands the catalog main page no unsafe link or image, and its text only as data', async () => {
    const { outlets } = renderStorefront('hostile-partner', '', { customization: hostile });
    await waitFor(() => expect(outlets.some((outlet) => outlet.area === 'catalog')).toBe(true));
    // The catalog parses what it is handed; a hostile image or link would fail the contract there.
    const { partnerMainPage } = partnerMainPageAreaPropsSchema.parse(
      outlets.filter((outlet) => outlet.area === 'catalog').at(-1)!.areaProps,
    );
    expect(partnerMainPage.hero.title).toBe(`Welcome ${SCRIPT_PAYLOAD}`);
    expect(partnerMainPage.hero.image).toBeNull();
    expect(partnerMainPage.about.image).toBeNull();
    expect(partnerMainPage.stepImages).toEqual([null, null, null]);
    expect(partnerMainPage.boxLogo).toBeNull();
    expect(
      Object.values(partnerMainPage.footer.socialLinks).every(
        (link) => link === null || /^https?:/.test(link),
      ),
    ).toBe(true);
    expect(screen.queryByText(/Taking you to/)).toBeNull();
    expect(window.__pwned).toBeUndefined();
  });

  it('hands the checkout area no hostile redirectAfterPurchase', async () => {
    const { outlets } = renderStorefront('hostile-partner', '/checkout/thank-you', {
      customization: hostile,
    });
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    await waitFor(() => expect(outlets.length).toBeGreaterThan(0));
    const { partnerCheckout } = outlets.at(-1)!.areaProps as {
      partnerCheckout: { afterPurchase: { url: string }[] };
    };
    expect(partnerCheckout.afterPurchase.every((rule) => /^https?:\/\//.test(rule.url))).toBe(true);
    expect(JSON.stringify(partnerCheckout.afterPurchase)).not.toMatch(/javascript|data:|vbscript/i);
  });
});
