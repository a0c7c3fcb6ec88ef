import { BRAND_COLOR } from '@shop/shared/shell-contract/shell-props';
import { shellTheme } from '../src/features/theme/shell-theme';

describe('shellTheme', () => {
  it('uses the brand colour without a partner', () => {
    expect(shellTheme(null).primaryColor).toBe(BRAND_COLOR);
  });

  it("takes a partner's colours in every hex form the API accepts", () => {
    for (const color of ['#1d3557', '#abc', '#1d3557cc', '#abcd']) {
      const theme = shellTheme({ primaryColor: color, barColor: color } as never);
      expect(theme.primaryColor).toBe(color);
      expect(theme.barColor).toBe(color);
    }
  });

  it('falls back to the brand colour for anything that is not a hex colour', () => {
    for (const color of ['red', 'url(javascript:alert(1))', '#12', '#1d3557;background:red', 42]) {
      expect(shellTheme({ primaryColor: color } as never).primaryColor).toBe(BRAND_COLOR);
    }
  });
});
