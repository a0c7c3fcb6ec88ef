import { hexColorOr, isHexColor } from './hex-color';

describe('hex colours', () => {
  it.each([['#abc'], ['#abcd'], ['#aabbcc'], ['#aabbccdd'], [' #AABBCC ']])(
    'accepts %p',
    (value) => {
      expect(isHexColor(value)).toBe(true);
    },
  );

  it.each([['abc'], ['#ab'], ['#abcde'], ['#gggggg'], ['rgb(0,0,0)'], [null], [3]])(
    'rejects %p',
    (value) => {
      expect(isHexColor(value)).toBe(false);
    },
  );

  it('trims a valid colour and falls back for anything else', () => {
    expect(hexColorOr(' #6B3FA0 ', null)).toBe('#6B3FA0');
    expect(hexColorOr('red; background:url(x)', '#3cbab5')).toBe('#3cbab5');
    expect(hexColorOr(undefined, undefined)).toBeUndefined();
  });
});
