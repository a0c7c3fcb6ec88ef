import { screen } from '@testing-library/react';
import { renderOps } from './support/render-ops';

describe('operator console', () => {
  it('opens on the releases screen with one link per screen', async () => {
    const { store } = renderOps('/ops', () => ({
      status: 200,
      data: { environment: 'e', shellContractVersion: '1.0.0', remotes: [], history: [] },
    }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Releases' })).toBeInTheDocument();
    expect(store.getLocation().pathname).toBe('/ops/releases');
    const nav = screen.getByRole('navigation', { name: 'Operator console' });
    expect(nav).toHaveTextContent('ReleasesPartnersOrders');
  });

  it('opens the releases screen from its first address, /ops/deliveries', async () => {
    const { store } = renderOps('/ops/deliveries', () => ({
      status: 200,
      data: { environment: 'e', shellContractVersion: '1.0.0', remotes: [], history: [] },
    }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Releases' })).toBeInTheDocument();
    expect(store.getLocation().pathname).toBe('/ops/releases');
  });

  it('answers an unknown console page with the not-found page', async () => {
    renderOps('/ops/nothing-here', () => undefined);
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
  });
});
