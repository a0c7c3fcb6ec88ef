import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderArea } from '@shop/shared/shell-contract/test-shell';
import { StorefrontRoot } from '../src/app/parcel';

const acme = { shopKey: 'acme', businessName: 'Acme Health', mainPageTitle: 'Bloodwise kits for Acme Health staff' };

describe('storefront area', () => {
  it('shows the partner main page with the product name replaced, and links inside the basename', async () => {
    const { store } = renderArea(StorefrontRoot, { path: '/shop/acme', basename: '/shop/acme', customization: acme });
    expect(screen.getByRole('heading', { level: 1, name: 'Acme Health kits for Acme Health staff' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'See tests and pricing' }));
    expect(store.getLocation().pathname).toBe('/shop/acme/pricing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Health plans and pricing' })).toBeInTheDocument();
  });

  it("shows 'Not found' when the partner does not exist", () => {
    renderArea(StorefrontRoot, { path: '/shop/nobody', basename: '/shop/nobody', customization: null });
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });
});
