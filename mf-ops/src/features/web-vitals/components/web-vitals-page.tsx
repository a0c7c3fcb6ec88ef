import Button from 'antd/es/button';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import type { OpsVitalsWindow, OpsWebVitalsRow } from '@shop/shared/contract/ops';
import {
  rateVital,
  WEB_VITAL_NAMES,
  type VitalRating,
  type WebVitalName,
} from '@shop/shared/rules/web-vitals';
import { QueryState } from '../../shared/components/load-state';
import { useWebVitals } from '../api/web-vitals';
import { formatVital, MIN_RATED_SAMPLES, ratingWords, VITAL_LABELS } from '../model/vital-display';

const AREA_WORDS: Record<OpsWebVitalsRow['area'], string> = {
  account: 'Account',
  catalog: 'Catalog',
  checkout: 'Checkout',
  storefront: 'Partner storefronts',
};

// Text colours with at least 4.5:1 contrast on white; the rating is also in words.
const RATING_COLOURS: Record<VitalRating, string> = {
  good: '#0b6b3a',
  'needs-improvement': '#8a5300',
  poor: '#b42318',
};

/**
 * One metric's 75th percentile over one window with its sample count, rated in words only once
 * there are enough samples for the rating to mean something.
 */
function VitalCell({ name, window: vitals }: { name: WebVitalName; window: OpsVitalsWindow }) {
  const { p75, samples } = vitals[name];
  if (p75 === null) return <span className="ops-muted">No data</span>;
  return (
    <span>
      <strong>{formatVital(name, p75)}</strong>{' '}
      {samples < MIN_RATED_SAMPLES ? (
        <span className="ops-muted" title={`A rating needs ${MIN_RATED_SAMPLES} samples`}>
          Not enough data
        </span>
      ) : (
        <span style={{ color: RATING_COLOURS[rateVital(name, p75)], fontWeight: 500 }}>
          {ratingWords(name, p75)}
        </span>
      )}
      <br />
      <span className="ops-muted">
        {samples} {samples === 1 ? 'sample' : 'samples'}
      </span>
    </span>
  );
}

function columnsFor(period: 'day' | 'week'): ColumnsType<OpsWebVitalsRow> {
  return [
    {
      title: 'Page',
      key: 'page',
      render: (_, row) =>
        row.route === null ? (
          <strong>All {AREA_WORDS[row.area].toLowerCase()} pages</strong>
        ) : (
          <code>{row.route}</code>
        ),
    },
    ...WEB_VITAL_NAMES.map((name) => ({
      title: <abbr title={VITAL_LABELS[name]}>{name}</abbr>,
      key: name,
      render: (_: unknown, row: OpsWebVitalsRow) => <VitalCell name={name} window={row[period]} />,
    })),
  ];
}

const rowKey = (row: OpsWebVitalsRow) => `${row.area}:${row.route ?? '*'}`;

function PeriodTable({
  period,
  title,
  rows,
}: {
  period: 'day' | 'week';
  title: string;
  rows: OpsWebVitalsRow[];
}) {
  const id = `ops-web-vitals-${period}`;
  const measured = rows.filter((row) =>
    WEB_VITAL_NAMES.some((name) => row[period][name].samples > 0),
  );
  return (
    <section aria-labelledby={id} style={{ marginTop: 16 }}>
      <h3 id={id} className="ops-subheading">
        {title}
      </h3>
      <div className="ops-table-scroll">
        <Table<OpsWebVitalsRow>
          size="small"
          rowKey={rowKey}
          columns={columnsFor(period)}
          dataSource={measured}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'No page loads measured in this period' }}
          rowClassName={(row) => (row.route === null ? 'ops-row--open' : '')}
        />
      </div>
    </section>
  );
}

/** Field data: how fast the shop is for real shoppers, per area and route. */
export function WebVitalsPage() {
  const query = useWebVitals();
  return (
    <section aria-labelledby="ops-web-vitals-heading">
      <h2 id="ops-web-vitals-heading" style={{ fontSize: 22 }}>
        Field data
      </h2>
      <p className="ops-muted" style={{ maxWidth: 720 }}>
        The 75th percentile of Core Web Vitals from a sample of shoppers’ page loads, by the page
        they landed on. Good is LCP up to 2.5 s, INP up to 200 ms and CLS up to 0.1; poor is above 4
        s, 500 ms and 0.25. A figure from fewer than {MIN_RATED_SAMPLES} page loads is shown but not
        rated. Results pages are never measured.
      </p>
      <Button onClick={() => void query.refetch()} loading={query.isFetching && !query.isPending}>
        Refresh
      </Button>
      <QueryState query={query} what="field data">
        {(data) => (
          <>
            <PeriodTable period="day" title="Last 24 hours" rows={data.rows} />
            <PeriodTable period="week" title="Last 7 days" rows={data.rows} />
          </>
        )}
      </QueryState>
    </section>
  );
}
