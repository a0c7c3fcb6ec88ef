import {
  contrastRatio,
  DARK_TEXT,
  LIGHT_TEXT,
  readableTextOn,
  relativeLuminance,
  textColorFor,
} from './color-contrast';

describe('colour contrast', () => {
  it('gives the WCAG extremes for black and white, either way round', () => {
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio('#000000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#3cbab5', '#3cbab5')).toBe(1);
  });

  it('matches published ratios', () => {
    // #767676 on white is the classic "just passes AA" grey (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#3cbab5', '#ffffff')).toBeCloseTo(2.36, 2);
  });

  it('reads short and alpha hex forms', () => {
    expect(relativeLuminance('#fff')).toBe(relativeLuminance('#ffffff'));
    expect(relativeLuminance('#3cbab5ff')).toBe(relativeLuminance('#3cbab5'));
  });

  it.each([
    ['#3cbab5', DARK_TEXT],
    ['#6b3fa0', LIGHT_TEXT],
    ['#12343b', LIGHT_TEXT],
    ['#ffffff', DARK_TEXT],
    ['#ffd43b', DARK_TEXT],
  ])('puts readable text on %s', (background, expected) => {
    expect(readableTextOn(background)).toBe(expected);
    expect(contrastRatio(readableTextOn(background), background)).toBeGreaterThanOrEqual(4.5);
  });

  it("keeps a partner's text colour only when it passes AA", () => {
    expect(textColorFor('#6b3fa0', '#ffffff')).toBe('#ffffff');
    // White on the brand teal is 2.4:1: too faint, so dark text is used.
    expect(textColorFor('#3cbab5', '#ffffff')).toBe(DARK_TEXT);
    expect(textColorFor('#12343b', null)).toBe(LIGHT_TEXT);
    expect(textColorFor('#12343b', 'red; background:url(x)')).toBe(LIGHT_TEXT);
  });
});
