// The chart is a chunk of its own: loading the results page's modules does not load the chart's;
// a card that draws a trend does, through its dynamic import.
import { render, screen } from '@testing-library/react';
import { hba1c, ldl } from './support/results-fixtures';

let chartModuleLoaded = false;
jest.mock('../src/features/results/components/trend-chart', () => {
  chartModuleLoaded = true;
  return { TrendChart: () => <div data-testid="trend-chart" /> };
});

it('loads the trend chart only through a dynamic import, when a card draws one', async () => {
  const { BiomarkerCard } = await import('../src/features/results/components/biomarker-card');
  await import('../src/features/results/components/results-page');
  expect(chartModuleLoaded).toBe(false);

  // One reading draws no trend: still no chart code.
  const single = render(
    <ul>
      <BiomarkerCard biomarker={hba1c} explanation={undefined} disclaimer={undefined} trendAtOnce />
    </ul>,
  );
  expect(screen.getByRole('listitem', { name: 'HbA1c' })).toBeInTheDocument();
  expect(chartModuleLoaded).toBe(false);
  single.unmount();

  // Two readings: the card's own import loads the chart, which then draws.
  render(
    <ul>
      <BiomarkerCard biomarker={ldl} explanation={undefined} disclaimer={undefined} trendAtOnce />
    </ul>,
  );
  expect(await screen.findByTestId('trend-chart')).toBeInTheDocument();
  expect(chartModuleLoaded).toBe(true);
});
