import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

// jsdom cannot navigate to another site; the test sees where the storefront would send the browser.
jest.mock('../src/features/partner/utils/leave-site', () => ({ leaveSite: jest.fn() }));
const left = jest.mocked(leaveSite);
beforeEach(() => left.mockClear());
import { partnerMainPageAreaPropsSchema } from '@shop/shared/contract/partner-main-page';
import type { AreaOutletProps } from '@shop/shared/shell-contract/shell-props';
import { leaveSite } from '../src/features/partner/utils/leave-site';
import { ACME } from './support/storefront-fixtures';
import { renderStorefront } from './support/render-storefront';

describe('storefront states', () => {
  it('shows a spinner while the shell loads the customization', () => {
    renderStorefront('acme-wellness', '', { customization: undefined, served: [ACME] });
    expect(screen.getByRole('status', { name: 'Loading the shop' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it("shows a friendly 'Not found' with a link back to the main shop when the partner does not exist", async () => {
    renderStorefront('nobody', '/pricing', { customization: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
    expect(screen.getByText(/no partner shop at this address/)).toBeInTheDocument();
    expect(screen.queryByText(/HTTP/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the main shop' })).toHaveAttribute('href', '/');
  });

  it("shows 'Not found' when its own look at the shell's query gets the 404 first", async () => {
    const { api } = renderStorefront('nobody', '', { customization: undefined });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
    expect(api.calls(/\/api\/v1\/customization\/nobody$/)[0]!.params).toEqual({
      excludeProducts: true,
    });
  });

  it('offers Try again when the customization cannot load, instead of spinning for ever', async () => {
    const failing = ({ url }: { url: string }) =>
      url.startsWith('/api/v1/customization/')
        ? { status: 503, data: { error: { code: 'UNAVAILABLE', message: 'down' } } }
        : undefined;
    const { api } = renderStorefront('acme-wellness', '', {
      customization: undefined,
      served: [ACME],
      setup: (fake) => fake.on(failing),
    });
    // One retry (after about a second) before the failure shows.
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(alert).toHaveTextContent('We could not load this shop');
    const before = api.calls(/customization/).length;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.calls(/customization/).length).toBeGreaterThan(before));
  }, 15_000);
});

describe('storefront main page', () => {
  /** What the storefront handed the catalog area, checked against the contract the catalog parses. */
  const mainPageProps = async (outlets: AreaOutletProps[]) => {
    await waitFor(() => expect(outlets.some((outlet) => outlet.area === 'catalog')).toBe(true));
    const outlet = outlets.filter((entry) => entry.area === 'catalog').at(-1)!;
    return partnerMainPageAreaPropsSchema.parse(outlet.areaProps).partnerMainPage;
  };

  it("mounts the catalog's main page with the partner's words, pictures and colours, its name for the product's", async () => {
    const { outlets } = renderStorefront('acme-wellness', '', { customization: ACME });
    expect(
      screen.getByRole('region', { name: 'catalog area (provided by the shell)' }),
    ).toBeInTheDocument();
    const page = await mainPageProps(outlets);
    expect(page.businessName).toBe('Acme Wellness');
    expect(page.boxLogo).toEqual({
      src: 'https://cdn.example.com/box-logo.png',
      alt: 'Acme Wellness logo on the kit box',
    });
    expect(page.hero).toEqual({
      title: 'Acme Wellness testing for Acme staff',
      description: 'Order a Acme Wellness kit today.',
      image: { src: 'https://cdn.example.com/hero.png', alt: '' },
    });
    expect(page.banner).toEqual({ content: 'Acme members save on every Acme Wellness kit.' });
    expect(page.colors).toMatchObject({
      primary: '#6b3fa0',
      section1: '#f4effa',
      footer: '#2e1a47',
    });
    expect(page.stepImages).toEqual([
      null,
      { src: 'https://cdn.example.com/step-2.png', alt: '' },
      null,
    ]);
    expect(page.showBiomarkers).toBe(true);
    expect(page.about.points).toEqual(['Members-only pricing', 'Private results']);
    // Only the http(s) social link is handed on; the javascript: one is dropped.
    expect(page.footer.socialLinks).toEqual({
      facebook: 'https://facebook.com/acme',
      instagram: null,
      twitter: null,
      youtube: null,
    });
    expect(JSON.stringify(page)).not.toMatch(/\bBloodwise\b/);
  });

  it('leaves out what the partner did not set, so the catalog uses its own copy', async () => {
    const { outlets } = renderStorefront('acme-wellness', '', {
      customization: {
        ...ACME,
        mainPageImage: null,
        mainPageTitle: '  ',
        newMarkersSection: false,
        bannerShow: false,
      },
    });
    const page = await mainPageProps(outlets);
    expect(page.hero.image).toBeNull();
    expect(page.hero.title).toBeNull();
    expect(page.showBiomarkers).toBe(false);
    expect(page.banner).toBeNull();
  });
});

describe('partner redirect', () => {
  const redirecting = { ...ACME, redirectLink: 'https://partner.example.com/shop' };

  it.each([
    [''],
    ['/pricing'],
    ['/pricing/one-time'],
    ['/pricing/monthly'],
    ['/pricing/quarterly'],
    ['/pricing/annual'],
    ['/pricing/add-ons'],
  ])('sends a visitor of %s to the redirectLink', (page) => {
    renderStorefront('acme-wellness', page, { customization: redirecting });
    expect(left).toHaveBeenCalledWith('https://partner.example.com/shop');
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to Acme Wellness');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      'https://partner.example.com/shop',
    );
  });

  it.each([['/checkout'], ['/shopping-cart'], ['/checkout/thank-you']])(
    'never redirects from %s',
    async (page) => {
      renderStorefront('acme-wellness', page, { customization: redirecting });
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(screen.queryByText(/Taking you to/)).toBeNull();
      expect(left).not.toHaveBeenCalled();
    },
  );

  it('ignores a redirectLink that is not http(s)', () => {
    renderStorefront('acme-wellness', '', {
      customization: { ...ACME, redirectLink: 'javascript:window.__pwned=1' },
    });
    expect(screen.queryByText(/Taking you to/)).toBeNull();
    expect(left).not.toHaveBeenCalled();
    expect(
      screen.getByRole('region', { name: 'catalog area (provided by the shell)' }),
    ).toBeInTheDocument();
  });
});

describe('partner colours stay readable', () => {
  const pageStyle = async () => {
    const heading = await screen.findByRole('heading', { level: 1 });
    return heading.closest<HTMLElement>('.sf-page')!.style;
  };

  it('puts dark text on a light accent (the default #3cbab5) and keeps links dark', async () => {
    renderStorefront('acme-wellness', '/pricing', {
      customization: { ...ACME, primaryColor: '#3cbab5' },
    });
    const style = await pageStyle();
    expect(style.getPropertyValue('--sf-accent')).toBe('#3cbab5');
    // White on #3cbab5 is 2.4:1; the dark ink passes 4.5:1 on both the accent and the page.
    expect(style.getPropertyValue('--sf-on-accent')).toBe('#0b2428');
    expect(style.getPropertyValue('--sf-accent-ink')).toBe('#0b2428');
  });

  it('keeps white on a dark accent and the accent itself as the link colour', async () => {
    renderStorefront('acme-wellness', '/pricing', { customization: ACME });
    const style = await pageStyle();
    expect(style.getPropertyValue('--sf-on-accent')).toBe('#ffffff');
    expect(style.getPropertyValue('--sf-accent-ink')).toBe('#6b3fa0');
  });
});
