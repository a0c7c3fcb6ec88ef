import { compareCanaryHealth, type SideHealth } from '../../src/releases/canary-health';

const side = (
  pageViews: number,
  errorViews: number,
  inpP75Ms: number | null = 150,
  inpSamples = 200,
): SideHealth => ({
  pageViews,
  errorViews,
  inpSamples,
  inpP75Ms,
});

describe('canary health against stable', () => {
  it('aborts a canary whose error rate is significantly and materially higher, and says so with the figures', () => {
    const verdict = compareCanaryHealth(side(600, 30), side(6_000, 60));
    expect(verdict.abort).toBe(true);
    expect(verdict.errorRate.z).toBeGreaterThan(2.33);
    expect(verdict.reasons[0]).toMatch(
      /error rate 5\.00 % on the canary \(30 of 600 page views\) against 1\.00 % on stable \(60 of 6000\), z = /,
    );
  });

  it('does not abort on too few page views, a handful of errors, or a difference within chance', () => {
    // 10 % errors, but only 100 page views.
    expect(compareCanaryHealth(side(100, 10), side(6_000, 60)).abort).toBe(false);
    // Enough page views, but the canary's errors are fewer than five.
    expect(compareCanaryHealth(side(600, 4), side(6_000, 6)).abort).toBe(false);
    // 1.2 % against 1.0 %: not significant at these sizes.
    const close = compareCanaryHealth(side(1_000, 12), side(6_000, 60));
    expect(close.errorRate.compared).toBe(true);
    expect(close.abort).toBe(false);
  });

  it('aborts on INP p75 worse by more than the margin in ms and in share, with enough samples on both sides', () => {
    expect(compareCanaryHealth(side(600, 0, 320), side(6_000, 0, 180)).reasons).toEqual([
      'INP p75 320 ms on the canary (200 samples) against 180 ms on stable (200)',
    ]);
    // 40 ms worse: within the 50 ms margin.
    expect(compareCanaryHealth(side(600, 0, 220), side(6_000, 0, 180)).abort).toBe(false);
    // 60 ms worse than a slow stable of 400 ms: under 20 %.
    expect(compareCanaryHealth(side(600, 0, 460), side(6_000, 0, 400)).abort).toBe(false);
    // Clearly worse, but 50 samples only.
    const few = compareCanaryHealth(side(600, 0, 900, 50), side(6_000, 0, 180));
    expect(few.inp.compared).toBe(false);
    expect(few.abort).toBe(false);
  });
});
