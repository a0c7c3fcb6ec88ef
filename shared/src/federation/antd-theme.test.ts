import { contrastRatio, DARK_TEXT, LIGHT_TEXT, MIN_TEXT_CONTRAST } from '../rules/color-contrast';
import { defaultThemeTokens, toAntdTheme } from './antd-theme';

const buttonText = (primaryColor: string) =>
  toAntdTheme(defaultThemeTokens(primaryColor)).token!.colorTextLightSolid!;

describe('toAntdTheme', () => {
  it.each(['#3cbab5', '#ffd400', '#1d3557'])(
    'keeps text on a %s primary button at WCAG AA',
    (primaryColor) => {
      expect(toAntdTheme(defaultThemeTokens(primaryColor)).token?.colorPrimary).toBe(primaryColor);
      expect(contrastRatio(buttonText(primaryColor), primaryColor)).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
    },
  );

  it.each(['#3cbab5', '#ffd400'])(
    'gives form errors a red readable on white (%s brand)',
    (brand) => {
      const { colorError, colorErrorText } = toAntdTheme(defaultThemeTokens(brand)).token!;
      for (const red of [colorError!, colorErrorText!])
        expect(contrastRatio(red, LIGHT_TEXT)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    },
  );

  it('picks the more readable of dark and white text on a mid-tone partner colour', () => {
    const best = Math.max(
      contrastRatio(DARK_TEXT, '#e63946'),
      contrastRatio(LIGHT_TEXT, '#e63946'),
    );
    expect(contrastRatio(buttonText('#e63946'), '#e63946')).toBe(best);
  });
});
