import {
  formatKitCode,
  isValidKitCode,
  KIT_CHECK_SYMBOLS,
  KIT_CODE_SYMBOLS,
  kitCheckSymbol,
  kitCodeFromValues,
  normalizeKitCode,
  parseKitCode,
} from './kit-code';

// A fixed spread of bodies (a seeded generator: the test reads the same codes every run).
function sampleCodes(count: number): string[] {
  let seed = 0x2545f491;
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % 32;
  };
  return Array.from({ length: count }, () => kitCodeFromValues(Array.from({ length: 10 }, next)));
}

function oneCode(): string {
  const [code] = sampleCodes(1);
  if (!code) throw new Error('no code drawn');
  return code;
}

describe('kit codes', () => {
  it('makes 11 symbols whose last is the body mod 37', () => {
    const code = kitCodeFromValues([0, 0, 0, 0, 0, 0, 0, 0, 1, 5]);
    // 1·32 + 5 = 37 ≡ 0
    expect(code).toBe('00000000150');
    expect(kitCheckSymbol('0000000001')).toBe('1');
    expect(kitCheckSymbol('000000000Z')).toBe('Z');
    expect(kitCheckSymbol('0000000014')).toBe('U'); // 36
    expect(isValidKitCode(code)).toBe(true);
  });

  it('prints grouped and reads back lowercase, hyphens, spaces and I/L/O', () => {
    expect(formatKitCode('ABCDE1GHJK5')).toBe('ABCDE-1GHJK-5');
    const code = oneCode();
    expect(parseKitCode(formatKitCode(code).toLowerCase())).toEqual({ ok: true, code });
    expect(parseKitCode(` ${code.slice(0, 5)} ${code.slice(5)} `)).toEqual({ ok: true, code });
    expect(normalizeKitCode('oil-0o1-x')).toBe('011001X');
  });

  it('catches every single-symbol substitution', () => {
    const passed: string[] = [];
    let tried = 0;
    for (const code of sampleCodes(200)) {
      for (let position = 0; position < code.length; position++) {
        const alphabet = position < 10 ? KIT_CODE_SYMBOLS : KIT_CHECK_SYMBOLS;
        for (const symbol of alphabet) {
          if (symbol === code[position]) continue;
          const typed = code.slice(0, position) + symbol + code.slice(position + 1);
          tried += 1;
          if (isValidKitCode(typed)) passed.push(typed);
        }
      }
    }
    expect(tried).toBeGreaterThan(60_000);
    expect(passed).toEqual([]);
  });

  it('catches every swap of two different neighbouring symbols in the body', () => {
    const passed: string[] = [];
    let tried = 0;
    for (const code of sampleCodes(500)) {
      for (let position = 0; position < 9; position++) {
        if (code[position] === code[position + 1]) continue;
        const typed =
          code.slice(0, position) + code[position + 1] + code[position] + code.slice(position + 2);
        tried += 1;
        if (isValidKitCode(typed)) passed.push(typed);
      }
    }
    expect(tried).toBeGreaterThan(4000);
    expect(passed).toEqual([]);
  });

  it('says what is wrong', () => {
    const code = oneCode();
    expect(parseKitCode('').ok).toBe(false);
    expect(parseKitCode('')).toMatchObject({ problem: 'empty' });
    expect(parseKitCode(code.slice(0, 7))).toMatchObject({ problem: 'too_short' });
    expect(parseKitCode(`${code}Q`)).toMatchObject({ problem: 'too_long' });
    expect(parseKitCode(`U${code.slice(1)}`)).toMatchObject({ problem: 'bad_symbol' });
    expect(parseKitCode('ABC!')).toMatchObject({ problem: 'bad_symbol' });
    const wrongCheck = code.slice(0, 10) + (code[10] === '0' ? '1' : '0');
    expect(parseKitCode(wrongCheck)).toMatchObject({ problem: 'bad_check' });
  });

  it('refuses bodies out of range', () => {
    expect(() => kitCodeFromValues([32, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toThrow(RangeError);
    expect(() => kitCodeFromValues([0])).toThrow(RangeError);
  });
});
