// The Field data screen: the 75th percentile per area and route for the last day and week, each
// rated in words by Google's thresholds; a failed read offers Try again.
import { screen, within } from '@testing-library/react';
import type { OpsVitalsWindow, OpsWebVitals } from '@shop/shared/contract/ops';
import { fakeError } from '@shop/shared/shell-contract/fake-api';
import { renderOps } from './support/render-ops';

const none = { p75: null, samples: 0 };
const vitals = (
  lcp: number | null,
  inp: number | null,
  cls: number | null,
  samples = 4,
): OpsVitalsWindow => ({
  LCP: lcp === null ? none : { p75: lcp, samples },
  INP: inp === null ? none : { p75: inp, samples },
  CLS: cls === null ? none : { p75: cls, samples },
});

const summary: OpsWebVitals = {
  now: '2026-11-27T10:00:00.000Z',
  rows: [
    {
      area: 'catalog',
      route: null,
      day: vitals(2100, 180, 0.02, 20),
      week: vitals(3250, 320, 0.12, 40),
    },
    {
      area: 'catalog',
      route: '/pricing',
      day: vitals(2600, null, 0.3, 1),
      week: vitals(4100, 520, 0.26, 25),
    },
    {
      area: 'storefront',
      route: '/shop/:b2bKey/pricing',
      day: vitals(null, null, null),
      week: vitals(1500, 90, 0, 30),
    },
  ],
};

const table = (name: string) =>
  screen.getByRole('region', { name }).querySelector('table') as HTMLTableElement;
const rowOf = (name: string, page: string | RegExp) =>
  within(table(name))
    .getAllByRole('row')
    .find((row) => within(row).queryByText(page))!;

describe('field data', () => {
  it('shows the p75 per area and route for the day and the week, rated in words from 20 samples on', async () => {
    const { api } = renderOps('/ops/web-vitals', ({ url }) =>
      url === '/api/v1/ops/web-vitals' ? { status: 200, data: summary } : undefined,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Field data' })).toBeVisible();
    await screen.findByRole('region', { name: 'Last 24 hours' });

    const expected: [string, string, string[]][] = [
      [
        'Last 24 hours',
        'All catalog pages',
        ['2.10 s Good20 samples', '180 ms Good', '0.020 Good'],
      ],
      // One page load is no rating: the figure and its count, and no "Poor" or "Good".
      [
        'Last 24 hours',
        '/pricing',
        ['2.60 s Not enough data1 sample', 'No data', '0.300 Not enough data1 sample'],
      ],
      [
        'Last 7 days',
        'All catalog pages',
        [
          '3.25 s Needs improvement40 samples',
          '320 ms Needs improvement',
          '0.120 Needs improvement',
        ],
      ],
      ['Last 7 days', '/pricing', ['4.10 s Poor', '520 ms Poor', '0.260 Poor']],
      ['Last 7 days', '/shop/:b2bKey/pricing', ['1.50 s Good', '90 ms Good', '0.000 Good']],
    ];
    for (const [period, page, texts] of expected)
      for (const text of texts) expect(rowOf(period, page)).toHaveTextContent(text);
    expect(rowOf('Last 24 hours', '/pricing')).not.toHaveTextContent(/Good|Poor|Needs/);
    // A route without a measurement that day is left out of the day's table.
    expect(within(table('Last 24 hours')).queryByText('/shop/:b2bKey/pricing')).toBeNull();
    expect(screen.getAllByRole('columnheader', { name: 'LCP' })).toHaveLength(2);
    expect(api.calls(/web-vitals/, 'get')).toHaveLength(1);
  });

  it('is linked from the console navigation', async () => {
    renderOps('/ops/web-vitals', ({ url }) =>
      url === '/api/v1/ops/web-vitals' ? { status: 200, data: summary } : undefined,
    );
    const link = await screen.findByRole('link', { name: 'Field data' });
    expect(link).toHaveAttribute('href', '/ops/web-vitals');
  });

  it('says when nothing was measured, and offers Try again after a failed read', async () => {
    let fail = true;
    const { user } = renderOps('/ops/web-vitals', ({ url }) => {
      if (url !== '/api/v1/ops/web-vitals') return undefined;
      return fail
        ? fakeError(503, 'UNAVAILABLE', 'down')
        : { status: 200, data: { now: summary.now, rows: [] } };
    });
    expect(await screen.findByText('Could not load field data')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByText('No page loads measured in this period')).toHaveLength(2);
  });
});
