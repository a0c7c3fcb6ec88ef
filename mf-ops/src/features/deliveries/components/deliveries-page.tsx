import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { QueryState } from '../../shared/components/load-state';
import { useDeliveries } from '../api/deliveries';
import { HistoryTable } from './history-table';
import { RemoteCard } from './remote-card';

/** Which version of each area is live, what is stored, the history, and one-click rollbacks. */
export function DeliveriesPage() {
  const deliveries = useDeliveries();
  const [done, setDone] = useState<string | null>(null);
  return (
    <section aria-labelledby="ops-deliveries-heading">
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 8,
          justifyContent: 'space-between',
          alignItems: 'baseline',
        }}
      >
        <h2 id="ops-deliveries-heading" style={{ fontSize: 22, margin: 0 }}>
          Deliveries
        </h2>
        {deliveries.data && (
          <span className="ops-muted">
            Environment {deliveries.data.environment} · shell contract{' '}
            {deliveries.data.shellContractVersion}{' '}
            <Button
              type="link"
              onClick={() => void deliveries.refetch()}
              loading={deliveries.isFetching}
            >
              Refresh
            </Button>
          </span>
        )}
      </div>
      <div aria-live="polite" style={{ margin: '12px 0' }}>
        {done && (
          <Alert type="success" showIcon title={done} closable onClose={() => setDone(null)} />
        )}
      </div>
      <QueryState query={deliveries} what="deliveries">
        {(data) => (
          <>
            <div className="ops-grid ops-grid--two">
              {data.remotes.map((remote) => (
                <RemoteCard key={remote.name} remote={remote} onRolledBack={setDone} />
              ))}
            </div>
            <HistoryTable history={data.history} />
          </>
        )}
      </QueryState>
    </section>
  );
}
