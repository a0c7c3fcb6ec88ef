import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS } from '@shop/shared/contract/paths';
import { renderArea } from '@shop/shared/shell-contract/test-shell';
import { CatalogRoot } from '../src/app/parcel';
import { withFakeApi } from './support/fake-api';

// antd forms and userEvent typing are slow on a shared CI core.
jest.setTimeout(30_000);

describe('catalog area', () => {
  const fakeApi = withFakeApi();

  it('renders the main page sections from the seeded content and follows a link through the shell history', async () => {
    const { store } = renderArea(CatalogRoot, { path: '/' });
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Know your numbers at home' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'How it works' }))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Order', 'Collect', 'Read']);
    expect(screen.getByRole('region', { name: 'What we measure' })).toHaveTextContent('ApoB');
    expect(screen.getByRole('region', { name: 'About us' })).toHaveTextContent('Doctor reviewed');
    expect(screen.getByRole('complementary', { name: 'Announcement' })).toHaveTextContent(
      'Upload your results for free.',
    );
    expect(screen.getByRole('link', { name: 'Bloodwise on Facebook' })).toHaveAttribute(
      'href',
      'https://facebook.com/bw',
    );
    // Featured offers come from the API, priced by the merge.
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Quarterly Plan' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Popular tests' })).toHaveTextContent('$129.50');

    await userEvent.click(screen.getByRole('link', { name: 'See tests and pricing' }));
    expect(store.getLocation().pathname).toBe('/pricing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
  });

  it('renders each content route with its own title and sections', async () => {
    renderArea(CatalogRoot, { path: '/upload-results/how-to-export' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How to export your results' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'MyChart' })).toHaveAttribute(
      'href',
      '#portal-mychart',
    );
    expect(
      within(screen.getByRole('region', { name: 'MyChart' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Log in', 'Download']);
    expect(document.title).toBe('How to export your results | Bloodwise');
  });

  it('answers a path inside its prefixes that it has no page for with its own not-found page', async () => {
    renderArea(CatalogRoot, { path: '/programs/no-such-program' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('/programs/no-such-program')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows an error with Try again when the content cannot load, and recovers', async () => {
    fakeApi().failGets(API_PATHS.catalogContent);
    renderArea(CatalogRoot, { path: '/programs/heart-health' });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this page');
    fakeApi().failGets(API_PATHS.catalogContent, false);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Heart health' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See program pricing' })).toHaveAttribute(
      'href',
      '/pricing/heart-and-metabolic-program',
    );
  });
});
