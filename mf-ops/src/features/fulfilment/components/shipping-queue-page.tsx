import { useState } from 'react';
import { Link } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import type { QueueEntry } from '@shop/shared/contract/fulfilment';
import { formatWhen } from '../../shared/components/format-when';
import { errorText, QueryState } from '../../shared/components/load-state';
import { useBuyLabels, useMarkShipped, useShippingQueue } from '../api/fulfilment';

const TRACKING = /^[A-Z0-9]{6,40}$/;

/** What the operator typed, as the API reads it: no spaces, upper case. */
function cleanTracking(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

interface KitCardProps {
  kit: QueueEntry;
  buysLabels: boolean;
  onShip: (trackingCode: string | undefined) => void;
  onBuyLabels: () => void;
  shipping: boolean;
  buying: boolean;
}

function KitCard({ kit, buysLabels, onShip, onBuyLabels, shipping, buying }: KitCardProps) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const labelled = kit.labelsBought > 0;
  const inputId = `ops-tracking-${kit.kitId}`;
  const ship = () => {
    if (buysLabels && labelled) return onShip(undefined);
    const code = cleanTracking(typed);
    if (!TRACKING.test(code)) {
      setProblem('Type the tracking number: 6 to 40 letters and digits.');
      return;
    }
    setProblem(null);
    onShip(code);
  };
  return (
    <li className="ops-job" aria-labelledby={`ops-kit-${kit.kitId}`}>
      <div className="ops-job__head">
        <h3 id={`ops-kit-${kit.kitId}`} className="ops-subheading" style={{ margin: 0 }}>
          Kit <code>{kit.code}</code>
        </h3>
        <Tag color={labelled ? 'processing' : 'default'}>
          {labelled ? 'Labels bought' : 'To pack'}
        </Tag>
      </div>
      <dl className="ops-dl">
        <dt>Test</dt>
        <dd>{kit.title}</dd>
        <dt>Ship to</dt>
        <dd>
          {kit.shipTo.name}, {kit.shipTo.city}, {kit.shipTo.state} {kit.shipTo.postal_code}
        </dd>
        <dt>Paid</dt>
        <dd>{formatWhen(kit.createdAt)}</dd>
      </dl>
      <Link to={`/ops/fulfilment/${kit.kitId}`}>Print slip and label for kit {kit.code}</Link>
      {buysLabels && !labelled && (
        <Button onClick={onBuyLabels} loading={buying}>
          Buy labels for kit {kit.code}
        </Button>
      )}
      {(!buysLabels || labelled) && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-end' }}>
          {!buysLabels && (
            <div className="ops-filters__field">
              <label htmlFor={inputId}>Tracking number</label>
              <Input
                id={inputId}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                onPressEnter={ship}
                autoComplete="off"
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${inputId}-problem` : undefined}
                style={{ width: 'min(280px, 80vw)' }}
              />
            </div>
          )}
          <Button type="primary" onClick={ship} loading={shipping}>
            Mark kit {kit.code} shipped
          </Button>
        </div>
      )}
      {problem && (
        <p id={`${inputId}-problem`} className="ops-error" style={{ margin: 0 }}>
          {problem}
        </p>
      )}
    </li>
  );
}

/**
 * Kits of paid orders waiting to leave, oldest first: print each one's slip and label, buy the
 * carrier's labels (EasyPost) or type the post office's tracking number (manual), mark it shipped.
 */
export function ShippingQueuePage() {
  const queue = useShippingQueue();
  const shipped = useMarkShipped();
  const labels = useBuyLabels();
  const failed = shipped.error ?? labels.error;
  return (
    <section aria-labelledby="ops-fulfilment-heading">
      <h2 id="ops-fulfilment-heading" style={{ fontSize: 22 }}>
        Kits to ship
      </h2>
      <p role="status" aria-live="polite" className="ops-muted">
        {shipped.isSuccess && shipped.data.trackingCode
          ? `Shipped with tracking number ${shipped.data.trackingCode}.`
          : ''}
      </p>
      {failed && (
        <Alert
          role="alert"
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={shipped.error ? 'The kit was not marked shipped' : 'The labels were not bought'}
          description={errorText(failed)}
        />
      )}
      <QueryState query={queue} what="kits to ship">
        {({ carrier, kits }) => (
          <>
            <p className="ops-muted">
              {carrier === 'easypost'
                ? 'Labels are bought from EasyPost; tracking updates arrive by themselves.'
                : 'Manual carrier: print the label, post the kit and type its tracking number.'}
            </p>
            {kits.length === 0 ? (
              <p>No kits are waiting to ship.</p>
            ) : (
              <ul className="ops-jobs">
                {kits.map((kit) => (
                  <KitCard
                    key={kit.kitId}
                    kit={kit}
                    buysLabels={carrier === 'easypost'}
                    shipping={shipped.isPending && shipped.variables.kitId === kit.kitId}
                    buying={labels.isPending && labels.variables === kit.kitId}
                    onShip={(trackingCode) => {
                      labels.reset();
                      shipped.mutate({ kitId: kit.kitId, trackingCode });
                    }}
                    onBuyLabels={() => {
                      shipped.reset();
                      labels.mutate(kit.kitId);
                    }}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
