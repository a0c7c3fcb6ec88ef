// The chart is a chunk of its own: loading the results page's modules does not load the chart's.
let chartModuleLoaded = false;
jest.mock('../src/features/results/components/trend-chart', () => {
  chartModuleLoaded = true;
  return { TrendChart: () => null };
});

it('loads the trend chart only through a dynamic import, when a card draws one', async () => {
  await jest.isolateModulesAsync(async () => {
    await import('../src/features/results/components/results-page');
    await import('../src/features/results/components/biomarker-card');
  });
  expect(chartModuleLoaded).toBe(false);
  // The card's dynamic import is what loads it.
  await import('../src/features/results/components/trend-chart');
  expect(chartModuleLoaded).toBe(true);
});
