import { describe, expect, it } from 'vitest';
import { isoInZone, wallClock } from '../../src/lib/export-columns';

/** Export dates (lib/export-columns.ts): the branch's wall clock, with the offset in force at that instant. */
describe('export dates in a time zone', () => {
  const at = (iso: string) => new Date(iso);

  it('CSV: ISO 8601 to the second with the offset of the zone at that instant', () => {
    expect(isoInZone(at('2026-11-26T11:54:00.123Z'), 'Asia/Karachi')).toBe('2026-11-26T16:54:00+05:00');
    expect(isoInZone(at('2026-11-26T11:54:00Z'), 'Asia/Kathmandu')).toBe('2026-11-26T17:39:00+05:45');
    expect(isoInZone(at('2026-11-26T11:54:00Z'), 'UTC')).toBe('2026-11-26T11:54:00+00:00');
    // Daylight saving: New York is -05:00 in winter, -04:00 in summer.
    expect(isoInZone(at('2026-01-15T12:00:00Z'), 'America/New_York')).toBe('2026-01-15T07:00:00-05:00');
    expect(isoInZone(at('2026-07-15T12:00:00Z'), 'America/New_York')).toBe('2026-07-15T08:00:00-04:00');
    // Across the spring change (2026-03-08 07:00 UTC): one second before and at it.
    expect(isoInZone(at('2026-03-08T06:59:59Z'), 'America/New_York')).toBe('2026-03-08T01:59:59-05:00');
    expect(isoInZone(at('2026-03-08T07:00:00Z'), 'America/New_York')).toBe('2026-03-08T03:00:00-04:00');
    // A day that is another date there.
    expect(isoInZone(at('2026-11-26T20:30:00Z'), 'Asia/Karachi')).toBe('2026-11-27T01:30:00+05:00');
  });

  it("XLSX: the wall clock in a Date's UTC fields (a spreadsheet date has no zone)", () => {
    expect(wallClock(at('2026-11-26T11:54:00.987Z'), 'Asia/Karachi')).toEqual(at('2026-11-26T16:54:00Z'));
    expect(wallClock(at('2026-07-15T12:00:00Z'), 'America/New_York')).toEqual(at('2026-07-15T08:00:00Z'));
  });

  it('an unknown zone is an error, not UTC passed off as the branch clock', () => {
    expect(() => isoInZone(at('2026-11-26T11:54:00Z'), 'Mars/Olympus')).toThrow(/Unknown time zone/);
  });
});
