import { rangeWords } from '../src/features/results/model/result-text';

describe('rangeWords', () => {
  it('prints both bounds with the same decimals, never more than the values need', () => {
    expect(rangeWords({ low: 4, high: 5.6, text: null })).toBe('4.0–5.6');
    expect(rangeWords({ low: 70, high: 101, text: null })).toBe('70–101');
    // An unrounded conversion still reads as a range, not as 70.262–100.89.
    expect(rangeWords({ low: 70.262, high: 100.89, text: null })).toBe('70.3–100.9');
  });
});
