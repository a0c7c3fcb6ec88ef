import Skeleton from 'antd/es/skeleton';
import { Link } from 'react-router';
import type { KitView } from '@shop/shared/contract/kits';
import { formatCalendarDate } from '@shop/shared/format/calendar-date';
import { formatKitCode } from '@shop/shared/kits/kit-code';
import { AccountStyles } from '../../shared/components/account-styles';
import { LoadFailed } from '../../shared/components/load-failed';
import { useLoginOn401 } from '../../account-overview/hooks/use-login-on-401';
import { useKits } from '../api/kits';
import {
  activatePath,
  formatEventTime,
  KIT_EVENT_TEXT,
  KIT_SOURCE_TEXT,
  KIT_STATE_TEXT,
  NEXT_STEP_TEXT,
} from '../model/kit-text';

function NextStep({ kit }: { kit: KitView }) {
  if (!kit.nextStep) return null;
  return (
    <p className="acc-kit-next">
      <strong>Next: </strong>
      {NEXT_STEP_TEXT[kit.nextStep]}{' '}
      {kit.nextStep === 'activate' && (
        <Link to={activatePath(kit.code)} className="acc-sub-link">
          Activate kit {formatKitCode(kit.code)}
        </Link>
      )}
      {kit.nextStep === 'view_results' && (
        <Link to="/account/results" className="acc-sub-link">
          See your results
        </Link>
      )}
    </p>
  );
}

function KitCard({ kit }: { kit: KitView }) {
  const headingId = `kit-${kit.id}`;
  return (
    <li className="acc-panel acc-kit" aria-labelledby={headingId}>
      <div className="acc-panel-head">
        <h2 id={headingId}>
          {kit.title} <span className="acc-kit-code">{formatKitCode(kit.code)}</span>
        </h2>
        <span className={kit.state === 'rejected' ? 'acc-badge acc-badge--warn' : 'acc-badge'}>
          {KIT_STATE_TEXT[kit.state]}
        </span>
      </div>
      {kit.subjectName && (
        <p className="acc-muted">
          For {kit.subjectName}
          {kit.sampleTakenOn && <> · sample taken {formatCalendarDate(kit.sampleTakenOn)}</>}
        </p>
      )}
      {kit.replacesKitId && <p className="acc-muted">A free replacement for a rejected sample.</p>}
      <NextStep kit={kit} />
      <ol className="acc-kit-timeline" aria-label={`Timeline of kit ${formatKitCode(kit.code)}`}>
        {kit.events.map((event, index) => (
          <li key={`${event.at}-${index}`}>
            <span>{KIT_EVENT_TEXT[event.state]}</span>{' '}
            <span className="acc-muted">
              <time dateTime={event.at}>{formatEventTime(event.at)}</time>, by{' '}
              {KIT_SOURCE_TEXT[event.source]}
            </span>
            {event.note && <span className="acc-muted"> · {event.note}</span>}
            {event.trackingUrl && (
              <>
                {' '}
                <a href={event.trackingUrl} target="_blank" rel="noreferrer noopener">
                  Track the parcel
                </a>
              </>
            )}
          </li>
        ))}
      </ol>
    </li>
  );
}

const KIT_STYLES = `
.acc-kit-list { list-style: none; padding: 0; margin: 0; display: grid; gap: 16px; }
.acc-kit h2 { font-size: 1.1rem; margin: 0; overflow-wrap: anywhere; }
.acc-kit-code { font-family: ui-monospace, Menlo, Consolas, monospace; letter-spacing: 0.04em; white-space: nowrap; }
.acc-kit-timeline { margin: 8px 0 0; padding-left: 1.2em; display: grid; gap: 4px; }
.acc-kit-next { margin: 8px 0; }
`;

/** /account/kits: each kit of the account with its state, timeline and what to do next. */
export function KitsPage() {
  const kits = useKits();
  const redirecting = useLoginOn401(kits.error);
  const list = kits.data?.kits ?? [];
  return (
    <div className="acc acc-page">
      <AccountStyles />
      <style>{KIT_STYLES}</style>
      <p className="acc-back">
        <Link to="/account">← Your account</Link>
      </p>
      <h1>Your kits</h1>
      {redirecting ? (
        <p className="acc-page-lead" role="status">
          Please log in to see your kits…
        </p>
      ) : kits.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} aria-label="Loading your kits" />
      ) : kits.isError ? (
        <LoadFailed what="your kits" onRetry={() => void kits.refetch()} />
      ) : (
        <>
          <p className="acc-page-lead">
            Have a kit in your hands? <Link to="/activate">Activate a kit</Link>
          </p>
          {list.length === 0 ? (
            <p>
              No kits yet. <Link to="/pricing">See the kits and plans</Link>
            </p>
          ) : (
            <ol className="acc-kit-list" aria-label="Kits">
              {list.map((kit) => (
                <KitCard key={kit.id} kit={kit} />
              ))}
            </ol>
          )}
        </>
      )}
    </div>
  );
}
