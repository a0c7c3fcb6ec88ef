// The storefront frame's footer shows the partner's own description and social links when set.
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { StorefrontFooter } from '../src/features/storefront/storefront-chrome';

const renderFooter = (
  customization: Record<string, unknown>,
  path = '/shop/your-health-business/pricing',
) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <StorefrontFooter
        basename="/shop/your-health-business"
        customization={{ shopKey: 'your-health-business', ...customization }}
      />
    </MemoryRouter>,
  );

describe('the storefront footer', () => {
  it("shows the partner's description (product name replaced) and its http(s) social links", () => {
    renderFooter({
      businessName: 'Your Health Business',
      companyDescription: 'Bloodwise kits for <b>teams</b>.',
      facebookLink: 'https://facebook.com/yhb',
      instagramLink: 'javascript:alert(1)',
      youtubeLink: 'https://youtube.com/@yhb',
    });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Your Health Business kits for <b>teams</b>.')).toBeVisible();
    const social = within(footer).getByRole('list', {
      name: 'Your Health Business on social media',
    });
    expect(
      within(social)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Facebook', 'https://facebook.com/yhb'],
      ['YouTube', 'https://youtube.com/@yhb'],
    ]);
    expect(footer.querySelector('b, a[href^="javascript"]')).toBeNull();
  });

  it("leaves them to the main page's own closing band there", () => {
    renderFooter(
      {
        businessName: 'YHB',
        companyDescription: 'About us.',
        facebookLink: 'https://facebook.com/yhb',
      },
      '/shop/your-health-business',
    );
    expect(screen.queryByText('About us.')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Facebook' })).toBeNull();
  });

  it('shows neither when the partner set none', () => {
    renderFooter({ businessName: 'Plain' });
    expect(screen.queryByRole('list', { name: /on social media/ })).toBeNull();
    expect(screen.getByRole('contentinfo').querySelector('.storefront-footer-about')).toBeNull();
  });
});
