/**
 * @jest-environment <rootDir>/../jest.environment-new-york.cjs
 */
// In New York, a sample taken on Jan 10 (stored as that day's UTC midnight) is still Jan 10: on
// the card, in the table, on the chart and in the report's sources.
import { screen, waitFor, within } from '@testing-library/react';
import type { Biomarker, ResultsPage } from '@shop/shared/contract/results';
import { renderAccount } from './support/render-account';
import { guide, ldl, resultsPage } from './support/results-fixtures';

const atMidnight = (day: string) => `${day}T00:00:00.000Z`;

const ldlAtMidnight: Biomarker = {
  ...ldl,
  points: ldl.points.map((point, index) => ({
    ...point,
    collectedAt: atMidnight(
      index === ldl.points.length - 1 ? '2026-01-10' : `2025-0${index + 3}-01`,
    ),
  })),
};

const page: ResultsPage = {
  ...resultsPage,
  biomarkers: [ldlAtMidnight],
  sources: resultsPage.sources.map((source) => ({
    ...source,
    collectedAt: atMidnight('2026-01-10'),
  })),
};

it('runs where UTC midnight is the evening before', () => {
  expect(new Date(atMidnight('2026-01-10')).getDate()).toBe(9);
});

it('shows the sample dates as the lab wrote them', async () => {
  renderAccount('/account/results', {
    routes: {
      'GET /user/results': [200, page],
      'GET /api/v1/catalog/biomarker-guide': [200, guide],
    },
  });
  const card = await screen.findByRole('listitem', { name: 'LDL cholesterol' });
  expect(card.querySelector('.res-value')).toHaveTextContent('on Jan 10, 2026');
  const table = within(card).getByRole('table');
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Jan 10, 2026');
  await waitFor(() => expect(card.querySelector('[data-chart]')).not.toBeNull(), {
    timeout: 20_000,
  });
  expect(card.querySelector('svg[role="img"]')?.getAttribute('aria-label')).toContain(
    'to Jan 10, 2026',
  );
  expect(card.querySelector('svg[role="img"]')).toHaveTextContent("Jan '26");
  expect(screen.getByRole('region', { name: 'Where these results come from' })).toHaveTextContent(
    'Sample taken Jan 10, 2026',
  );
  expect(document.body).not.toHaveTextContent('Jan 9, 2026');
});
