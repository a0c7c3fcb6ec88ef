import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Popconfirm from 'antd/es/popconfirm';
import Tag from 'antd/es/tag';
import type { ReleaseOverview } from '@shop/shared/contract/ops';
import { useRollback, type RollbackRequest } from '../api/rollback';
import { VersionFlags } from './version-flags';
import { formatWhen } from '../../shared/components/format-when';

type RemoteReleases = ReleaseOverview['remotes'][number];

/** One area: what is live, since when and by whom, what else is stored, and the rollbacks. */
// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function RemoteCard({
  remote,
  onRolledBack,
}: {
  remote: RemoteReleases;
  onRolledBack: (message: string) => void;
}) {
  const rollback = useRollback();
  const { live } = remote;
  // The API lists stored versions newest first: those above the live one are newer than it.
  const liveIndex = remote.versions.findIndex((row) => row.version === live?.version);
  const isNewer = (index: number) => liveIndex < 0 || index < liveIndex;
  const busy = rollback.isPending;
  const run = (request: RollbackRequest) =>
    rollback.mutate(request, {
      onSuccess: (change) =>
        onRolledBack(
          change.changed
            ? `${remote.name} ${change.to} is live (was ${change.from ?? 'none'}); shoppers get it on their next page load.`
            : `${remote.name} ${change.to} was live already.`,
        ),
    });

  return (
    <Card
      size="small"
      title={
        <h2 style={{ margin: 0, fontSize: 18 }}>
          {remote.area}{' '}
          <span className="ops-muted" style={{ fontWeight: 400, fontSize: 14 }}>
            {remote.name}
          </span>
        </h2>
      }
      aria-busy={busy}
    >
      {live ? (
        <dl className="ops-dl" aria-label={`${remote.area} live version`}>
          <dt>Live</dt>
          <dd>
            <code>{live.version}</code> <VersionFlags flags={live.flags} />
          </dd>
          <dt>Contract</dt>
          <dd>{live.contractVersion}</dd>
          <dt>Since</dt>
          <dd>
            {live.since
              ? `${formatWhen(live.since)} by ${live.by ?? 'unknown'} (${live.action ?? 'edit'})`
              : 'unknown (registry edited by hand)'}
          </dd>
          <dt>Serves</dt>
          <dd>{live.areaRoutes.length > 0 ? live.areaRoutes.join(' ') : 'no paths of its own'}</dd>
        </dl>
      ) : (
        <p>Nothing is live.</p>
      )}
      <div style={{ margin: '12px 0' }}>
        {remote.rollbackTarget ? (
          <Popconfirm
            title={`Roll ${remote.area} back to ${remote.rollbackTarget}?`}
            description="Shoppers get it on their next page load."
            okText="Roll back"
            onConfirm={() => run({ remote: remote.name })}
          >
            <Button
              type="primary"
              loading={busy}
              aria-label={`Roll back ${remote.area} to the previous version`}
            >
              Roll back to previous
            </Button>
          </Popconfirm>
        ) : (
          <span className="ops-muted">
            Nothing earlier to roll back to; choose a stored version below.
          </span>
        )}
      </div>
      {rollback.isError && (
        <p role="alert" className="ops-error">
          Rollback refused: {rollback.error.message}
        </p>
      )}
      <h3 className="ops-subheading">Stored versions</h3>
      <ul className="ops-versions" aria-label={`Stored versions of ${remote.area}`}>
        {remote.versions.map((row, index) => (
          <li key={row.version}>
            <div>
              <code>{row.version}</code>{' '}
              {row.version === live?.version && <Tag color="success">live</Tag>}
              <VersionFlags flags={row.flags} />
              <div className="ops-muted">
                contract {row.contractVersion} · stored {formatWhen(row.storedAt)} by {row.storedBy}
              </div>
            </div>
            {row.version !== live?.version && (
              <Popconfirm
                title={`Make ${row.version} live?`}
                description={
                  row.flags.length > 0
                    ? 'The shell will refuse this version: the API will say why.'
                    : 'Shoppers get it on their next page load.'
                }
                okText={isNewer(index) ? 'Deploy' : 'Roll back'}
                onConfirm={() => run({ remote: remote.name, version: row.version })}
              >
                <Button
                  size="small"
                  disabled={busy}
                  aria-label={
                    isNewer(index)
                      ? `Deploy ${row.version} of ${remote.area}`
                      : `Roll back ${remote.area} to ${row.version}`
                  }
                >
                  {isNewer(index) ? 'Deploy this version' : 'Roll back to this'}
                </Button>
              </Popconfirm>
            )}
          </li>
        ))}
        {remote.versions.length === 0 && <li className="ops-muted">No stored versions</li>}
      </ul>
    </Card>
  );
}
