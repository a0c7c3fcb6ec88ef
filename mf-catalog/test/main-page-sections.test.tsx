/// <reference types="@testing-library/jest-dom" />
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import {
  AboutSection,
  BiomarkersSection,
  HowItWorksSection,
  MainHero,
  MainPageFooter,
  MainPageRoot,
  PromoBanner,
} from '../src/features/main-page/components/sections';

const renderInPage = (ui: ReactNode, accentColor?: string) =>
  render(
    <MemoryRouter>
      <MainPageRoot accentColor={accentColor}>{ui}</MainPageRoot>
    </MemoryRouter>,
  );

describe('main page sections', () => {
  it('renders the hero with its title, text, highlights and calls to action', () => {
    renderInPage(
      <MainHero
        eyebrow="At home"
        title="Know your numbers"
        description="Lab tests at home."
        image={{ src: '/hero.svg', alt: 'A kit' }}
        primaryCta={{ label: 'See pricing', href: '/pricing' }}
        secondaryCta={{ label: 'Partner site', href: 'https://partner.example.com/' }}
        highlights={['Free shipping']}
      />,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Know your numbers' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Partner site' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(screen.getByRole('img', { name: 'A kit' })).toHaveAttribute('width', '480');
    expect(screen.getByRole('listitem')).toHaveTextContent('Free shipping');
  });

  it('shows partner text as text, never as markup, and drops a javascript: link', () => {
    const { container } = renderInPage(
      <MainHero
        title={'<img src=x onerror=alert(1)>Acme'}
        description="<b>bold</b>"
        primaryCta={{ label: 'Go', href: 'javascript:alert(1)' }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      '<img src=x onerror=alert(1)>Acme',
    );
    expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Go' })).toBeNull();
  });

  it('keeps the place of a picture still to come, marked as pending, and drops it once there is none to wait for', () => {
    const { container, rerender } = renderInPage(<MainHero title="Acme" imagePending />);
    const slot = container.querySelector('.mp-hero-media-pending');
    expect(slot).toHaveAttribute('data-area-pending');
    expect(slot).toHaveAttribute('aria-hidden', 'true');
    rerender(
      <MemoryRouter>
        <MainPageRoot>
          <MainHero title="Acme" image={{ src: '/hero.svg', alt: '' }} imagePending />
        </MainPageRoot>
      </MemoryRouter>,
    );
    expect(container.querySelector('.mp-hero-media-pending')).toBeNull();
    expect(container.querySelector('.mp-hero-media img')).toHaveAttribute('src', '/hero.svg');
    rerender(
      <MemoryRouter>
        <MainPageRoot>
          <MainHero title="Acme" />
        </MainPageRoot>
      </MemoryRouter>,
    );
    expect(container.querySelector('.mp-hero-media')).toBeNull();
  });

  it('numbers the three steps in an ordered list, with decorative images hidden from screen readers', () => {
    renderInPage(
      <HowItWorksSection
        title="How it works"
        steps={[
          { title: 'Order', description: 'We ship it.', image: { src: '/1.svg', alt: '' } },
          { title: 'Collect', description: 'Finger prick.' },
          { title: 'Read', description: 'Results online.' },
        ]}
      />,
    );
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Order', 'Collect', 'Read']);
    expect(screen.queryAllByRole('img')).toEqual([]);
  });

  it('lists biomarkers by group', () => {
    renderInPage(
      <BiomarkersSection
        title="What we measure"
        groups={[
          { name: 'Heart', markers: ['ApoB', 'LDL'] },
          { name: 'Metabolism', markers: ['HbA1c'] },
        ]}
        cta={{ label: 'More', href: '/advanced-cholesterol' }}
      />,
    );
    const heart = screen.getByRole('region', { name: 'Heart' });
    expect(
      within(heart)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ApoB', 'LDL']);
    expect(screen.getByRole('link', { name: 'More' })).toHaveAttribute(
      'href',
      '/advanced-cholesterol',
    );
  });

  it('renders the about points and a partner background with readable text', () => {
    renderInPage(
      <AboutSection
        title="About Acme"
        description="We test."
        points={['Private', 'Fast']}
        backgroundColor="#2e1a47"
      />,
    );
    const section = screen.getByRole('region', { name: 'About Acme' });
    expect(section.style.getPropertyValue('--mp-bg')).toBe('#2e1a47');
    expect(section.style.getPropertyValue('--mp-fg')).toBe('#ffffff');
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
  });

  it('switches the banner on and off, fixing a colour pair too faint to read', () => {
    const { rerender } = renderInPage(<PromoBanner show={false} content="Sale" />);
    expect(screen.queryByRole('complementary', { name: 'Announcement' })).toBeNull();
    rerender(
      <MemoryRouter>
        <MainPageRoot>
          <PromoBanner
            show
            content="Members save 15%"
            color="#ffffff"
            backgroundColor="#3cbab5"
            cta={{ label: 'Shop', href: '/pricing' }}
          />
        </MainPageRoot>
      </MemoryRouter>,
    );
    const banner = screen.getByRole('complementary', { name: 'Announcement' });
    expect(banner).toHaveTextContent('Members save 15%');
    const box = banner.querySelector<HTMLElement>('.mp-banner')!;
    expect(box.style.getPropertyValue('--mp-banner-bg')).toBe('#3cbab5');
    expect(box.style.getPropertyValue('--mp-banner-fg')).toBe('#0b2428');
  });

  it('hides an empty banner even when switched on', () => {
    renderInPage(<PromoBanner show content="   " />);
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('links only the http(s) social profiles, each named for screen readers', () => {
    renderInPage(
      <MainPageFooter
        businessName="Acme Wellness"
        companyDescription="Workplace health."
        socialLinks={{
          facebook: 'https://facebook.com/acme',
          instagram: 'javascript:alert(1)',
          twitter: null,
          youtube: 'https://youtube.com/@acme',
        }}
      />,
    );
    const links = within(
      screen.getByRole('list', { name: 'Acme Wellness on social media' }),
    ).getAllByRole('link');
    expect(
      links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]),
    ).toEqual([
      ['Acme Wellness on Facebook', 'https://facebook.com/acme'],
      ['Acme Wellness on YouTube', 'https://youtube.com/@acme'],
    ]);
  });

  it('sets the accent and the text colour that reads on it', () => {
    const { container } = renderInPage(<MainHero title="Acme" />, '#6b3fa0');
    const root = container.querySelector<HTMLElement>('.mp-root')!;
    expect(root.style.getPropertyValue('--mp-accent')).toBe('#6b3fa0');
    expect(root.style.getPropertyValue('--mp-on-accent')).toBe('#ffffff');
  });
});
