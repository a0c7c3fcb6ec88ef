import Table from 'antd/es/table';
import type { ReleaseHistoryEntry } from '@shop/shared/contract/ops';
import { formatWhen } from '../../shared/components/format-when';

const COLUMNS = [
  { title: 'When', dataIndex: 'at', render: (at: string) => formatWhen(at) },
  { title: 'Area', dataIndex: 'remote' },
  { title: 'Action', dataIndex: 'action' },
  {
    title: 'Change',
    key: 'change',
    render: (_: unknown, entry: ReleaseHistoryEntry) => (
      <span>
        <code>{entry.from ?? '(none)'}</code> → <code>{entry.to}</code>
      </span>
    ),
  },
  { title: 'By', dataIndex: 'by' },
];

/** Every deploy and rollback, newest first: the same list `pnpm shop status` prints. */
export function HistoryTable({ history }: { history: readonly ReleaseHistoryEntry[] }) {
  return (
    <section aria-labelledby="ops-history-heading" className="ops-table-scroll">
      <h2 id="ops-history-heading" style={{ fontSize: 20 }}>
        History
      </h2>
      <Table<ReleaseHistoryEntry>
        size="small"
        rowKey={(entry) => `${entry.at}-${entry.remote}-${entry.to}`}
        columns={COLUMNS}
        dataSource={[...history]}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'Nothing deployed yet' }}
      />
    </section>
  );
}
