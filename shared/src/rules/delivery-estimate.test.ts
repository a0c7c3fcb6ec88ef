import dayjs from 'dayjs';
import { addBusinessDays, deliveryEstimate, isDeliveryCountry } from './delivery-estimate';

// Dates are built in local time so the tests hold in any TZ the suite runs in.
const local = (year: number, month: number, day: number, hour = 10) =>
  new Date(year, month - 1, day, hour, 30);

describe('deliveryEstimate', () => {
  it('gives US orders 3-4 business days', () => {
    // Monday Nov 23, 2026
    const estimate = deliveryEstimate(local(2026, 11, 23), 'US');
    expect(estimate.label).toBe('Arrives Thu, Nov 26 - Fri, Nov 27');
    // Both ends are the start of the local day.
    expect(estimate.from).toEqual(new Date(2026, 10, 26));
    expect(estimate.to).toEqual(new Date(2026, 10, 27));
  });

  it('gives CA orders 5-7 business days', () => {
    // Monday Nov 23 -> Mon Nov 30 (5) and Wed Dec 2 (7)
    expect(deliveryEstimate(local(2026, 11, 23), 'CA').label).toBe(
      'Arrives Mon, Nov 30 - Wed, Dec 2',
    );
  });

  it.each([
    ['Friday', local(2026, 11, 20)],
    ['Saturday', local(2026, 11, 21)],
    ['Sunday', local(2026, 11, 22)],
  ])('skips the weekend for a US order on %s', (_day, ordered) => {
    expect(deliveryEstimate(ordered, 'US').label).toBe('Arrives Wed, Nov 25 - Thu, Nov 26');
  });

  it.each([
    ['Friday', local(2026, 11, 20), 'Arrives Fri, Nov 27 - Tue, Dec 1'],
    ['Saturday', local(2026, 11, 21), 'Arrives Fri, Nov 27 - Tue, Dec 1'],
    ['Sunday', local(2026, 11, 22), 'Arrives Fri, Nov 27 - Tue, Dec 1'],
    ['Wednesday', local(2026, 11, 18), 'Arrives Wed, Nov 25 - Fri, Nov 27'],
  ])('skips weekends for a CA order on %s', (_day, ordered, label) => {
    expect(deliveryEstimate(ordered, 'CA').label).toBe(label);
  });

  it('crosses a weekend inside the window for a Thursday US order', () => {
    // Thu Nov 19 -> Tue Nov 24 (3), Wed Nov 25 (4)
    expect(deliveryEstimate(local(2026, 11, 19), 'US').label).toBe(
      'Arrives Tue, Nov 24 - Wed, Nov 25',
    );
  });

  it('counts from the order day whatever the time of day', () => {
    expect(deliveryEstimate(local(2026, 11, 23, 0), 'US').label).toBe(
      deliveryEstimate(local(2026, 11, 23, 23), 'US').label,
    );
  });

  it('crosses a year end', () => {
    // Wed Dec 30, 2026 -> Mon Jan 4 (3), Tue Jan 5 (4)
    expect(deliveryEstimate(local(2026, 12, 30), 'US').label).toBe(
      'Arrives Mon, Jan 4 - Tue, Jan 5',
    );
  });

  it('accepts the country code in any case', () => {
    expect(deliveryEstimate(local(2026, 11, 23), ' us ').label).toBe(
      'Arrives Thu, Nov 26 - Fri, Nov 27',
    );
  });

  it('throws a clear error for a country it does not ship to', () => {
    expect(() => deliveryEstimate(local(2026, 11, 23), 'GB')).toThrow(
      'No delivery estimate for country "GB": only US, CA are shipped to',
    );
    expect(() => deliveryEstimate(local(2026, 11, 23), '')).toThrow(/No delivery estimate/);
  });

  it('throws for an invalid date', () => {
    expect(() => deliveryEstimate(new Date('not a date'), 'US')).toThrow('valid order date');
  });
});

describe('addBusinessDays', () => {
  it('returns the same day for zero days', () => {
    const friday = dayjs(local(2026, 11, 20));
    expect(addBusinessDays(friday, 0).isSame(friday)).toBe(true);
  });

  it('jumps from Friday to Monday for one day', () => {
    expect(addBusinessDays(dayjs(local(2026, 11, 20)), 1).format('ddd D')).toBe('Mon 23');
  });
});

describe('isDeliveryCountry', () => {
  it('knows US and CA only, in upper case', () => {
    expect(isDeliveryCountry('US')).toBe(true);
    expect(isDeliveryCountry('CA')).toBe(true);
    expect(isDeliveryCountry('us')).toBe(false);
    expect(isDeliveryCountry('toString')).toBe(false);
  });
});
