import { formatMoney, MONEY_WARM_UP_SOURCE, warmUpMoneyFormatting } from './money';

describe('formatMoney', () => {
  it.each([
    [9900, '$99'],
    [9950, '$99.50'],
    [9905, '$99.05'],
    [0, '$0'],
    [1, '$0.01'],
    [99, '$0.99'],
    [100, '$1'],
    [123456, '$1,234.56'],
    [10000000, '$100,000'],
  ])('shows %i cents as %s', (cents, expected) => {
    expect(formatMoney(cents)).toBe(expected);
  });

  it('shows negative amounts with a leading minus', () => {
    expect(formatMoney(-250)).toBe('-$2.50');
    expect(formatMoney(-9900)).toBe('-$99');
  });

  it('never shows a negative zero', () => {
    expect(formatMoney(-0)).toBe('$0');
  });

  it('accepts the currency code in any case', () => {
    expect(formatMoney(9950, 'USD')).toBe('$99.50');
    expect(formatMoney(9950, ' usd ')).toBe('$99.50');
  });

  it('marks Canadian dollars as CA$ so they cannot be mistaken for US dollars', () => {
    expect(formatMoney(9900, 'cad')).toBe('CA$99');
    expect(formatMoney(9950, 'CAD')).toBe('CA$99.50');
    expect(formatMoney(-9950, 'cad')).toBe('-CA$99.50');
  });

  it('rejects fractional or non-finite cents', () => {
    expect(() => formatMoney(99.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('rejects an unknown currency code', () => {
    expect(() => formatMoney(100, 'dollars')).toThrow(RangeError);
  });
});

describe('warmUpMoneyFormatting', () => {
  function fakeScope() {
    const listeners = new Map<string, () => void>();
    const workers: string[] = [];
    const blobs: string[] = [];
    const revoked: string[] = [];
    class FakeWorker {
      constructor(url: string) {
        workers.push(url);
      }
      addEventListener(type: string, listener: () => void) {
        listeners.set(type, listener);
      }
    }
    class FakeBlob {
      constructor(parts: string[]) {
        blobs.push(parts.join(''));
      }
    }
    const scope = {
      Worker: FakeWorker,
      Blob: FakeBlob,
      URL: {
        createObjectURL: () => 'blob:warm-up',
        revokeObjectURL: (url: string) => revoked.push(url),
      },
    } as unknown as Parameters<typeof warmUpMoneyFormatting>[0];
    return { scope, listeners, workers, blobs, revoked };
  }

  it('formats one amount in a worker and frees the script URL once the worker has run', () => {
    const fake = fakeScope();
    warmUpMoneyFormatting(fake.scope);
    expect(fake.blobs).toEqual([MONEY_WARM_UP_SOURCE]);
    expect(fake.workers).toEqual(['blob:warm-up']);
    expect(fake.revoked).toEqual([]);
    fake.listeners.get('message')!();
    expect(fake.revoked).toEqual(['blob:warm-up']);
  });

  it('frees the script URL when the worker fails too', () => {
    const fake = fakeScope();
    warmUpMoneyFormatting(fake.scope);
    fake.listeners.get('error')!();
    expect(fake.revoked).toEqual(['blob:warm-up']);
  });

  it('does nothing where there are no workers', () => {
    const fake = fakeScope();
    warmUpMoneyFormatting({ ...fake.scope, Worker: undefined } as never);
    expect(fake.blobs).toEqual([]);
    expect(fake.workers).toEqual([]);
  });

  it('runs a worker script that formats money and reports back', () => {
    const messages: unknown[] = [];
    let closed = false;
    new Function('postMessage', 'close', MONEY_WARM_UP_SOURCE)(
      (message: unknown) => messages.push(message),
      () => (closed = true),
    );
    expect(messages).toEqual(['warm']);
    expect(closed).toBe(true);
  });
});
