import {
  checkJsonLimits,
  parseJsonWithinLimits,
} from '../../../../src/services/results/readers/json-limits';
import { ReportRefusedError } from '../../../../src/services/results/readers/parsed-reading';
import { deeplyNestedJson } from '../../../fixtures/results/fixtures';

const limits = { maxDepth: 64, maxLength: 10_000, maxObjects: 100 };

const statusOf = (check: () => unknown) => {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof ReportRefusedError) return error.status;
    throw error;
  }
};

describe('checkJsonLimits', () => {
  it('lets a document 64 levels deep through and refuses 65', () => {
    expect(statusOf(() => checkJsonLimits(deeplyNestedJson(63), limits))).toBeNull();
    expect(statusOf(() => checkJsonLimits(deeplyNestedJson(64), limits))).toBe(422);
  });

  it('refuses a million levels without recursing', () => {
    expect(
      statusOf(() => checkJsonLimits('['.repeat(1_000_000), { ...limits, maxLength: 2e6 })),
    ).toBe(422);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ note: `${'['.repeat(500)} "quoted" \\ ${'{'.repeat(500)}` });
    expect(statusOf(() => checkJsonLimits(text, limits))).toBeNull();
  });

  it('refuses too long a text and too many objects as too large', () => {
    expect(statusOf(() => checkJsonLimits(' '.repeat(10_001), limits))).toBe(413);
    expect(statusOf(() => checkJsonLimits(JSON.stringify(Array(101).fill({})), limits))).toBe(413);
  });
});

describe('parseJsonWithinLimits', () => {
  it('parses after a byte order mark and refuses broken JSON with 422', () => {
    expect(parseJsonWithinLimits('\ufeff{"a":1}', limits)).toEqual({ a: 1 });
    expect(statusOf(() => parseJsonWithinLimits('{"a":', limits))).toBe(422);
  });
});
