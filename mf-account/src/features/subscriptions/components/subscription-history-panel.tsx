import { useId } from 'react';
import Skeleton from 'antd/es/skeleton';
import { Link } from 'react-router';
import type { SubscriptionHistoryEntry } from '@shop/shared/contract/subscriptions';
import { formatMoney } from '@shop/shared/format/money';
import { LoadFailed } from '../../shared/components/load-failed';
import { useSubscriptionHistory } from '../api/subscription-history';
import { formatDate } from '../model/subscription-text';
import { orderPath } from '../../orders/model/order-text';

const KIND_LABELS: Record<Exclude<SubscriptionHistoryEntry['kind'], 'change'>, string> = {
  order: 'Order',
  renewal: 'Renewal',
  refund: 'Refund',
};

/** Statuses that mean money did not arrive, drawn as a warning. */
const WARN_STATUSES = new Set(['failed', 'declined', 'canceled', 'pending', 'requires_action']);

const statusText = (status: string) => {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function HistoryRow({ entry }: { entry: SubscriptionHistoryEntry }) {
  return (
    <li className="acc-history-row" data-kind={entry.kind}>
      <div className="acc-history-text">
        <span>
          <strong>{entry.label}</strong>
          {/* The kind, unless the label already says it ("Renewal 3", "Refund") or it is a change. */}
          {entry.kind !== 'change' &&
            !entry.label.toLowerCase().includes(KIND_LABELS[entry.kind].toLowerCase()) && (
              <span className="acc-muted"> · {KIND_LABELS[entry.kind]}</span>
            )}
        </span>
        <span className="acc-muted">
          <time dateTime={entry.at}>{formatDate(entry.at)}</time>
          {/* The order's reference as the thank-you page and the receipt give it, opening the order. */}
          {entry.orderId && (
            <>
              {' · '}
              <Link to={orderPath(entry.orderId)}>
                Order {entry.orderId.slice(0, 8).toUpperCase()}
              </Link>
            </>
          )}
        </span>
      </div>
      <div className="acc-history-side">
        {entry.amount !== null && entry.currency !== null && (
          <span className="acc-history-amount">
            {entry.kind === 'refund' ? '−' : ''}
            {formatMoney(entry.amount, entry.currency)}
          </span>
        )}
        {entry.status && (
          <span
            className={WARN_STATUSES.has(entry.status) ? 'acc-badge acc-badge--warn' : 'acc-badge'}
          >
            {statusText(entry.status)}
          </span>
        )}
      </div>
    </li>
  );
}

/** Every order, renewal, refund and change of one subscription, newest first. */
export function SubscriptionHistoryPanel({ id }: { id: string }) {
  const history = useSubscriptionHistory(id);
  const titleId = useId();
  const entries = history.data?.entries ?? [];
  return (
    <section className="acc-panel acc-wide" aria-labelledby={titleId} aria-busy={history.isPending}>
      <div className="acc-panel-head">
        <h2 id={titleId}>History</h2>
      </div>
      {history.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : history.isError ? (
        <LoadFailed what="the history" onRetry={() => void history.refetch()} />
      ) : entries.length === 0 ? (
        <p className="acc-muted">Nothing here yet.</p>
      ) : (
        <ol className="acc-list acc-history" aria-label="Orders, renewals and changes">
          {entries.map((entry, index) => (
            <HistoryRow key={`${entry.at}-${entry.kind}-${index}`} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}
