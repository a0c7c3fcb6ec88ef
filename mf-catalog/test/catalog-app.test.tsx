import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderArea } from '@shop/shared/shell-contract/test-shell';
import { CatalogRoot } from '../src/app/parcel';

describe('catalog area', () => {
  it('renders the main page and follows a link through the shell history', async () => {
    const { store } = renderArea(CatalogRoot, { path: '/' });
    expect(screen.getByRole('heading', { level: 1, name: /know your numbers/i })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'See tests and pricing' }));
    expect(store.getLocation().pathname).toBe('/pricing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tests and pricing' })).toBeInTheDocument();
    expect(screen.getByText('$79.50')).toBeInTheDocument();
  });

  it('renders each landing route with its own title', () => {
    renderArea(CatalogRoot, { path: '/upload-results/how-to-export' });
    expect(screen.getByRole('heading', { level: 1, name: 'How to export your results' })).toBeInTheDocument();
  });
});
