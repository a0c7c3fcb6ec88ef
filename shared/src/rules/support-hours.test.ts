import { expectedAnswer, supportStatus } from './support-hours';

const at = (iso: string) => new Date(iso);

describe('supportStatus', () => {
  describe('in winter (EST, UTC-5)', () => {
    it('is closed one second before 9:00 and opens at 9:00', () => {
      // Tue Nov 24, 2026
      expect(supportStatus(at('2026-11-24T13:59:59Z'))).toEqual({
        open: false,
        nextOpen: at('2026-11-24T14:00:00Z'),
        label: 'Opens Tue 9:00 AM ET',
      });
      expect(supportStatus(at('2026-11-24T14:00:00Z'))).toEqual({
        open: true,
        nextOpen: null,
        label: 'Open now · until 3:00 PM ET',
      });
    });

    it('is open one second before 15:00 and closed at 15:00', () => {
      expect(supportStatus(at('2026-11-24T19:59:59Z')).open).toBe(true);
      expect(supportStatus(at('2026-11-24T20:00:00Z'))).toEqual({
        open: false,
        nextOpen: at('2026-11-25T14:00:00Z'),
        label: 'Opens Wed 9:00 AM ET',
      });
    });

    it('after Friday closing opens next on Monday', () => {
      expect(supportStatus(at('2026-11-27T20:00:00Z'))).toMatchObject({
        open: false,
        nextOpen: at('2026-11-30T14:00:00Z'),
        label: 'Opens Mon 9:00 AM ET',
      });
    });

    it('is closed all weekend, even during working hours', () => {
      const saturdayNoon = supportStatus(at('2026-11-28T17:00:00Z'));
      expect(saturdayNoon.open).toBe(false);
      expect(saturdayNoon.nextOpen).toEqual(at('2026-11-30T14:00:00Z'));
      expect(supportStatus(at('2026-11-29T17:00:00Z')).label).toBe('Opens Mon 9:00 AM ET');
    });

    it('uses the New York date, not the UTC one, late in the evening', () => {
      // Fri 23:30 in New York is already Saturday in UTC.
      expect(supportStatus(at('2026-11-28T04:30:00Z')).nextOpen).toEqual(
        at('2026-11-30T14:00:00Z'),
      );
      // Sun 22:00 in New York is Monday 03:00 UTC: opens later that Monday.
      expect(supportStatus(at('2026-11-30T03:00:00Z'))).toMatchObject({
        open: false,
        nextOpen: at('2026-11-30T14:00:00Z'),
      });
    });
  });

  describe('in summer (EDT, UTC-4)', () => {
    it('opens at 13:00 UTC and closes at 19:00 UTC', () => {
      // Wed Jul 15, 2026
      expect(supportStatus(at('2026-07-15T12:59:59Z')).open).toBe(false);
      expect(supportStatus(at('2026-07-15T13:00:00Z')).open).toBe(true);
      expect(supportStatus(at('2026-07-15T18:59:59Z')).open).toBe(true);
      expect(supportStatus(at('2026-07-15T19:00:00Z')).open).toBe(false);
    });
  });

  describe('across the spring DST change (Sun Mar 8, 2026)', () => {
    it('on the Sunday of the change points at Monday 9:00 EDT', () => {
      expect(supportStatus(at('2026-03-08T12:00:00Z'))).toEqual({
        open: false,
        nextOpen: at('2026-03-09T13:00:00Z'),
        label: 'Opens Mon 9:00 AM ET',
      });
    });

    it('from the Friday before (EST) points across the change to Monday 9:00 EDT', () => {
      expect(supportStatus(at('2026-03-06T20:30:00Z')).nextOpen).toEqual(
        at('2026-03-09T13:00:00Z'),
      );
    });

    it('is open at 9:00 EDT on the Monday after, which would be 8:00 EST', () => {
      expect(supportStatus(at('2026-03-09T13:00:00Z')).open).toBe(true);
      expect(supportStatus(at('2026-03-09T12:59:59Z')).open).toBe(false);
      expect(supportStatus(at('2026-03-09T19:00:00Z')).open).toBe(false);
    });

    it('on the Friday before still keeps EST hours', () => {
      expect(supportStatus(at('2026-03-06T13:30:00Z')).open).toBe(false);
      expect(supportStatus(at('2026-03-06T14:00:00Z')).open).toBe(true);
      expect(supportStatus(at('2026-03-06T19:59:59Z')).open).toBe(true);
    });
  });

  describe('across the autumn DST change (Sun Nov 1, 2026)', () => {
    it('on the Sunday of the change points at Monday 9:00 EST', () => {
      expect(supportStatus(at('2026-11-01T12:00:00Z'))).toEqual({
        open: false,
        nextOpen: at('2026-11-02T14:00:00Z'),
        label: 'Opens Mon 9:00 AM ET',
      });
    });

    it('from the Friday before (EDT) points across the change to Monday 9:00 EST', () => {
      expect(supportStatus(at('2026-10-30T19:00:00Z')).nextOpen).toEqual(
        at('2026-11-02T14:00:00Z'),
      );
    });

    it('is closed at 8:30 EST on the Monday after, which would be 9:30 EDT', () => {
      expect(supportStatus(at('2026-11-02T13:30:00Z')).open).toBe(false);
      expect(supportStatus(at('2026-11-02T14:00:00Z')).open).toBe(true);
      expect(supportStatus(at('2026-11-02T19:59:59Z')).open).toBe(true);
      expect(supportStatus(at('2026-11-02T20:00:00Z')).open).toBe(false);
    });

    it('on the Friday before still keeps EDT hours', () => {
      expect(supportStatus(at('2026-10-30T13:00:00Z')).open).toBe(true);
      expect(supportStatus(at('2026-10-30T19:00:00Z')).open).toBe(false);
    });
  });

  it('throws for an invalid date instead of searching forever', () => {
    expect(() => supportStatus(new Date('not a date'))).toThrow('valid date');
  });
});

describe('expectedAnswer', () => {
  it('is closing time today while support is open', () => {
    // Tue Nov 24, 2026, 10:00 in New York.
    expect(expectedAnswer(at('2026-11-24T15:00:00Z'))).toEqual({
      at: at('2026-11-24T20:00:00Z'),
      label: 'today by 3:00 PM ET',
    });
  });

  it('is closing time on the day support next opens while it is closed', () => {
    // Friday Nov 27, 2026, 16:00 in New York: next open Monday.
    expect(expectedAnswer(at('2026-11-27T21:00:00Z'))).toEqual({
      at: at('2026-11-30T20:00:00Z'),
      label: 'by Mon, Nov 30, 3:00 PM ET',
    });
    // Early on a weekday, before opening: the same day.
    expect(expectedAnswer(at('2026-11-24T12:00:00Z')).label).toBe('by Tue, Nov 24, 3:00 PM ET');
  });
});
