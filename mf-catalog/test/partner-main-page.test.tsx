// The catalog area as a partner storefront mounts it for its main page (area props
// `partnerMainPage`, under the storefront's /shop/<key> basename).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PartnerMainPage } from '@shop/shared/contract/partner-main-page';
import { LIGHT_TEXT } from '@shop/shared/rules/color-contrast';
import { renderArea } from '@shop/shared/shell-contract/test-shell';
import { IMG_PAYLOAD, SCRIPT_PAYLOAD } from '../../api/src/db/seed/hostile-partner';
import { CatalogRoot } from '../src/app/parcel';
import { withFakeApi } from './support/fake-api';

jest.setTimeout(30_000);

const ACME: PartnerMainPage = {
  businessName: 'Acme Wellness',
  colors: {
    primary: '#6b3fa0',
    section1: '#f4effa',
    section2: null,
    banner: '#ffffff',
    bannerBackground: '#6b3fa0',
    footer: '#2e1a47',
  },
  hero: {
    title: 'Acme Wellness testing for Acme staff',
    description: 'Order a Acme Wellness kit today.',
    image: { src: 'https://cdn.example.com/hero.png', alt: '' },
  },
  banner: { content: 'Acme members save on every Acme Wellness kit.' },
  stepImages: [null, { src: 'https://cdn.example.com/step-2.png', alt: '' }, null],
  showBiomarkers: true,
  boxLogo: {
    src: 'https://cdn.example.com/box-logo.png',
    alt: 'Acme Wellness logo on the kit box',
  },
  about: {
    title: 'Why Acme Wellness',
    description: 'Preventive health at work.',
    image: null,
    points: ['Members-only pricing', 'Private results'],
  },
  footer: {
    companyDescription: 'Acme Wellness Inc.',
    socialLinks: {
      facebook: 'https://facebook.com/acme',
      instagram: null,
      twitter: null,
      youtube: null,
    },
  },
};

const basename = '/shop/acme-wellness';
const renderPartner = (partner: unknown) =>
  renderArea(CatalogRoot, { path: basename, basename, areaProps: { partnerMainPage: partner } });

describe('a partner main page', () => {
  withFakeApi();

  it("renders the partner's words, pictures and colours, and the shop's copy renamed for the rest", async () => {
    const { container } = renderPartner(ACME);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Acme Wellness testing for Acme staff',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Announcement' })).toHaveTextContent(
      'Acme members save on every Acme Wellness kit.',
    );
    expect(container.querySelector('.mp-hero img')).toHaveAttribute(
      'src',
      'https://cdn.example.com/hero.png',
    );
    expect(container.querySelector('.mp-hero')).toHaveStyle({ '--mp-bg': '#f4effa' });
    expect(container.querySelector('.mp-root')).toHaveStyle({ '--mp-accent': '#6b3fa0' });

    const steps = await screen.findByRole('region', { name: 'How it works' });
    expect(
      within(steps)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Order', 'Collect', 'Read']);
    expect([...steps.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      'https://cdn.example.com/box-logo.png',
      'https://cdn.example.com/step-2.png',
    ]);
    // The kit box of the "order" step carries the partner's logo.
    const order = within(steps).getAllByRole('listitem')[0]!;
    expect(
      within(order).getByRole('img', { name: 'Acme Wellness logo on the kit box' }),
    ).toHaveAttribute('src', 'https://cdn.example.com/box-logo.png');
    // The partner's colours reach the marker chips (with text that reads on them) and the step pictures.
    expect(container.querySelector('.mp-root')).toHaveStyle({
      '--mp-chip-bg': '#6b3fa0',
      '--mp-chip-fg': LIGHT_TEXT,
      '--mp-art-bg': '#f4effa',
    });
    expect(screen.getByRole('region', { name: 'What we measure' })).toHaveTextContent('ApoB');
    const about = screen.getByRole('region', { name: 'Why Acme Wellness' });
    expect(
      within(about)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Members-only pricing', 'Private results']);
    expect(screen.getByRole('link', { name: 'Acme Wellness on Facebook' })).toHaveAttribute(
      'href',
      'https://facebook.com/acme',
    );
    // The shop's own main page (its featured offers, its sections) is not the partner's.
    expect(screen.queryByRole('region', { name: 'Popular tests' })).toBeNull();
    expect(container.textContent).not.toMatch(/\bBloodwise\b/);
  });

  it('uses its own title and description when the partner set none, and hides what the partner switched off', async () => {
    renderPartner({
      ...ACME,
      hero: { title: null, description: null, image: null },
      banner: null,
      showBiomarkers: false,
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'At-home blood testing with Acme Wellness',
      }),
    ).toBeInTheDocument();
    await screen.findByRole('region', { name: 'How it works' });
    expect(screen.queryByRole('region', { name: 'What we measure' })).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Announcement' })).toBeNull();
  });

  it('takes props from a storefront that sends no boxLogo yet, and uses the primary colour behind the pictures without section colours', async () => {
    const { boxLogo: _omitted, ...older } = ACME;
    const { container } = renderPartner({
      ...older,
      colors: { ...ACME.colors, section1: null },
    });
    const steps = await screen.findByRole('region', { name: 'How it works' });
    expect(within(steps).queryByTestId('box-logo')).toBeNull();
    expect(container.querySelector('.mp-root')).toHaveStyle({ '--mp-art-bg': '#6b3fa0' });
  });

  it('links its call to action inside the storefront', async () => {
    const { store } = renderPartner(ACME);
    await userEvent.click(
      (await screen.findAllByRole('link', { name: 'See tests and pricing' }))[0]!,
    );
    expect(store.getLocation().pathname).toBe('/shop/acme-wellness/pricing');
  });

  it("refuses props that break the contract (a script URL), and shows neither them nor the shop's own page", async () => {
    renderPartner({
      ...ACME,
      footer: {
        ...ACME.footer,
        socialLinks: { ...ACME.footer.socialLinks, twitter: 'javascript:alert(1)' },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This page cannot be shown.');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it.each([
    'javascript:alert(1)',
    '//evil.example/box.png',
    'data:text/html,<script>alert(1)</script>',
  ])('refuses a box logo that is no safe image (%s)', async (src) => {
    renderPartner({ ...ACME, boxLogo: { src, alt: '' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This page cannot be shown.');
    expect(document.querySelector('[data-testid="box-logo"]')).toBeNull();
  });

  it("renders a partner's markup as text and creates no element from it", async () => {
    const { container } = renderPartner({
      ...ACME,
      hero: { ...ACME.hero, title: `Welcome ${SCRIPT_PAYLOAD}` },
      banner: { content: IMG_PAYLOAD },
      about: { ...ACME.about, points: [SCRIPT_PAYLOAD] },
    });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      `Welcome ${SCRIPT_PAYLOAD}`,
    );
    expect(screen.getByRole('complementary', { name: 'Announcement' })).toHaveTextContent(
      IMG_PAYLOAD,
    );
    for (const tag of ['script', 'iframe', '[onerror]', '[onload]', 'a[href^="javascript"]']) {
      expect(container.querySelector(tag)).toBeNull();
    }
  });
});
