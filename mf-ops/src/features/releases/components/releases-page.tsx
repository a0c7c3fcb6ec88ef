import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { QueryState } from '../../shared/components/load-state';
import { useReleases } from '../api/releases';
import { HistoryTable } from './history-table';
import { RemoteCard } from './remote-card';

/** Which version of each area is live, what is stored, the history, and one-click rollbacks. */
export function ReleasesPage() {
  const releases = useReleases();
  const [done, setDone] = useState<string | null>(null);
  return (
    <section aria-labelledby="ops-releases-heading">
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 8,
          justifyContent: 'space-between',
          alignItems: 'baseline',
        }}
      >
        <h2 id="ops-releases-heading" style={{ fontSize: 22, margin: 0 }}>
          Releases
        </h2>
        {releases.data && (
          <span className="ops-muted">
            Environment {releases.data.environment} · shell contract{' '}
            {releases.data.shellContractVersion}{' '}
            <Button
              type="link"
              onClick={() => void releases.refetch()}
              loading={releases.isFetching}
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
      <QueryState query={releases} what="releases">
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
