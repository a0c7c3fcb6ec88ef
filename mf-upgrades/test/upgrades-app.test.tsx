import { screen } from '@testing-library/react';
import { renderArea } from '@shop/shared/shell-contract/test-shell';
import { UpgradesRoot } from '../src/app/parcel';

describe('upgrades area', () => {
  it('renders the three post-purchase offers with prices from cents', () => {
    renderArea(UpgradesRoot, { path: '/checkout/thank-you' });
    expect(screen.getByRole('heading', { name: 'Make the most of your kit' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Mini panel upgrade',
      'Easy draw upgrade',
      'Blood pressure cuff and tape',
    ]);
    expect(screen.getByText('From $29')).toBeInTheDocument();
  });
});
