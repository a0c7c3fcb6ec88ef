import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Popconfirm from 'antd/es/popconfirm';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { Deliveries } from '@shop/shared/contract/ops';
import { useRollback, type RollbackRequest } from '../api/rollback';
import { VersionFlags } from './version-flags';
import { formatWhen } from '../../shared/components/format-when';

type RemoteDelivery = Deliveries['remotes'][number];
type StoredVersion = RemoteDelivery['versions'][number];

/** One area: what is live, since when and by whom, what else is stored, and the rollbacks. */
export function RemoteCard({
  remote,
  onRolledBack,
}: {
  remote: RemoteDelivery;
  onRolledBack: (message: string) => void;
}) {
  const rollback = useRollback();
  const { live } = remote;
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

  const columns = [
    {
      title: 'Version',
      dataIndex: 'version',
      render: (version: string) => (
        <span>
          <code>{version}</code> {version === live?.version && <Tag color="success">live</Tag>}
        </span>
      ),
    },
    { title: 'Contract', dataIndex: 'contractVersion' },
    {
      title: 'Stored',
      dataIndex: 'storedAt',
      render: (at: string, row: StoredVersion) => `${formatWhen(at)} by ${row.storedBy}`,
    },
    {
      title: 'Flags',
      dataIndex: 'flags',
      render: (flags: StoredVersion['flags']) => <VersionFlags flags={flags} />,
    },
    {
      title: 'Action',
      key: 'action',
      render: (_: unknown, row: StoredVersion) =>
        row.version === live?.version ? null : (
          <Popconfirm
            title={`Make ${row.version} live?`}
            description={
              row.flags.length > 0
                ? 'The shell will refuse this version: the API will say why.'
                : 'Shoppers get it on their next page load.'
            }
            okText="Roll back"
            onConfirm={() => run({ remote: remote.name, version: row.version })}
          >
            <Button
              size="small"
              disabled={busy}
              aria-label={`Roll back ${remote.area} to ${row.version}`}
            >
              Roll back to this
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card
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
      <section className="ops-table-scroll" aria-label={`Stored versions of ${remote.area}`}>
        <Table<StoredVersion>
          size="small"
          rowKey="version"
          pagination={false}
          columns={columns}
          dataSource={remote.versions}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'No stored versions' }}
        />
      </section>
    </Card>
  );
}
