import { screen, within } from '@testing-library/react';
import { fakeError } from '@shop/shared/shell-contract/fake-api';
import type { ReleaseOverview } from '@shop/shared/contract/ops';
import { renderOps } from './support/render-ops';

const AT = '2026-11-22T02:04:11.020Z';

function releaseOverview(live: string): ReleaseOverview {
  return {
    environment: 'local',
    shellContractVersion: '1.0.0',
    remotes: [
      {
        name: 'mf_catalog',
        packageName: 'mf-catalog',
        area: 'catalog',
        live: {
          version: live,
          contractVersion: '1.0.0',
          manifestUrl: '/m',
          areaRoutes: ['/', '/pricing'],
          since: AT,
          by: 'bob',
          action: 'deploy',
          flags: [],
        },
        rollbackTarget: live === 'v2' ? 'v1' : null,
        versions: [
          {
            version: 'v3',
            contractVersion: '2.0.0',
            storedAt: AT,
            storedBy: 'eve',
            flags: ['contract-mismatch'],
          },
          { version: 'v2', contractVersion: '1.0.0', storedAt: AT, storedBy: 'bob', flags: [] },
          {
            version: 'v1',
            contractVersion: '1.0.0',
            storedAt: AT,
            storedBy: 'ann',
            flags: ['manifest-missing'],
          },
        ],
      },
    ],
    history: [{ remote: 'mf_catalog', from: 'v1', to: 'v2', at: AT, by: 'bob', action: 'deploy' }],
  };
}

describe('releases screen', () => {
  it('shows the live version, who made it live, the flags and the history', async () => {
    renderOps('/ops/releases', ({ method, url }) =>
      method === 'get' && url === '/api/v1/ops/deliveries'
        ? { status: 200, data: releaseOverview('v2') }
        : undefined,
    );
    const card = await screen.findByLabelText('catalog live version');
    expect(within(card).getByText('v2')).toBeInTheDocument();
    expect(within(card).getByText(/by bob \(deploy\)/)).toBeInTheDocument();
    expect(screen.getByText('Contract major differs from the shell')).toBeInTheDocument();
    expect(screen.getByText('Manifest missing')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'History' })).getByText('v1'),
    ).toBeInTheDocument();
  });

  it('rolls back to the previous version after a confirmation, then shows the registry again', async () => {
    let live = 'v2';
    const { api, user } = renderOps('/ops/releases', ({ method, url, body }) => {
      if (method === 'get' && url === '/api/v1/ops/deliveries')
        return { status: 200, data: releaseOverview(live) };
      if (method === 'post' && url === '/api/v1/ops/deliveries/mf_catalog/rollback') {
        expect(body).toEqual({});
        live = 'v1';
        return {
          status: 200,
          data: {
            remote: 'mf_catalog',
            from: 'v2',
            to: 'v1',
            changed: true,
            at: AT,
            contractVersion: '1.0.0',
            areaRoutes: ['/'],
            warnings: [],
          },
        };
      }
      return undefined;
    });
    await user.click(
      await screen.findByRole('button', { name: 'Roll back catalog to the previous version' }),
    );
    // Nothing happens before the confirmation.
    expect(api.calls(/rollback/)).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Roll back' }));
    expect(await screen.findByText(/mf_catalog v1 is live \(was v2\)/)).toBeInTheDocument();
    expect(api.calls(/rollback/)).toHaveLength(1);
    expect(
      await within(await screen.findByLabelText('catalog live version')).findByText('v1'),
    ).toBeInTheDocument();
  });

  it('offers a version newer than the live one as a deploy, an older one as a rollback', async () => {
    renderOps('/ops/releases', ({ method, url }) =>
      method === 'get' && url === '/api/v1/ops/deliveries'
        ? { status: 200, data: releaseOverview('v2') }
        : undefined,
    );
    const stored = await screen.findByLabelText('Stored versions of catalog');
    expect(
      await within(stored).findByRole('button', { name: 'Deploy v3 of catalog' }),
    ).toHaveTextContent('Deploy this version');
    expect(
      within(stored).getByRole('button', { name: 'Roll back catalog to v1' }),
    ).toHaveTextContent('Roll back to this');
    expect(within(stored).queryByRole('button', { name: /catalog to v3/ })).toBeNull();
  });

  it('deploys a chosen newer version and says why the API refused it', async () => {
    const { user, api } = renderOps('/ops/releases', ({ method, url }) => {
      if (method === 'get' && url === '/api/v1/ops/deliveries')
        return { status: 200, data: releaseOverview('v2') };
      if (method === 'post')
        return fakeError(409, 'CONTRACT_MISMATCH', 'v3 was built against shell contract 2.0.0');
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Deploy v3 of catalog' }));
    await user.click(await screen.findByRole('button', { name: 'Deploy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Rollback refused: v3 was built against shell contract 2.0.0',
    );
    expect(api.calls(/rollback/)[0]?.body).toEqual({ version: 'v3' });
  });

  it('says when the releases could not be read and reads them again', async () => {
    let fail = true;
    const { user } = renderOps('/ops/releases', ({ url }) =>
      url === '/api/v1/ops/deliveries'
        ? fail
          ? fakeError(503, 'UNAVAILABLE', 'down')
          : { status: 200, data: releaseOverview('v2') }
        : undefined,
    );
    expect(await screen.findByText('Could not load releases')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('catalog live version')).toBeInTheDocument();
  });
});
