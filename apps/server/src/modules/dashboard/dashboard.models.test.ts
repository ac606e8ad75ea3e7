import { describe, expect, it } from 'vitest';
import { addDays, hitRate, localDate, localDays, startOfLocalDate } from './dashboard.models';

describe('local days', () => {
  it('finds midnight in zones with whole, half and three-quarter hour offsets', () => {
    expect(startOfLocalDate('2026-06-01', 'UTC')).toBe(Date.parse('2026-06-01T00:00:00Z'));
    expect(startOfLocalDate('2026-06-01', 'Europe/Berlin')).toBe(
      Date.parse('2026-05-31T22:00:00Z'),
    );
    expect(startOfLocalDate('2026-06-01', 'Asia/Kolkata')).toBe(Date.parse('2026-05-31T18:30:00Z'));
    expect(startOfLocalDate('2026-06-01', 'Asia/Kathmandu')).toBe(
      Date.parse('2026-05-31T18:15:00Z'),
    );
    expect(startOfLocalDate('2026-06-01', 'America/Los_Angeles')).toBe(
      Date.parse('2026-06-01T07:00:00Z'),
    );
    expect(startOfLocalDate('2026-06-01', 'Pacific/Kiritimati')).toBe(
      Date.parse('2026-05-31T10:00:00Z'),
    );
  });

  it('gives a day of a clock change its real length', () => {
    const days = localDays(Date.parse('2026-03-30T12:00:00Z'), 'Europe/Berlin', 2);
    expect(days.dates).toEqual(['2026-03-29', '2026-03-30']);
    // 29 March 2026 has 23 hours in Berlin: clocks go from 02:00 to 03:00.
    expect((days.starts[1] as number) - (days.starts[0] as number)).toBe(23 * 3_600_000);
    expect(days.end - (days.starts[1] as number)).toBe(24 * 3_600_000);
  });

  it('counts seven dates up to today in the zone, not in UTC', () => {
    // 23:30 UTC on 1 June is already 2 June in Berlin.
    const now = Date.parse('2026-06-01T23:30:00Z');
    expect(localDate(now, 'Europe/Berlin')).toBe('2026-06-02');
    const days = localDays(now, 'Europe/Berlin', 7);
    expect(days.dates).toEqual([
      '2026-05-27',
      '2026-05-28',
      '2026-05-29',
      '2026-05-30',
      '2026-05-31',
      '2026-06-01',
      '2026-06-02',
    ]);
    expect(days.end).toBe(Date.parse('2026-06-02T22:00:00Z'));
  });

  it('moves dates across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('has no hit rate before the first lookup', () => {
    expect(hitRate(0, 0)).toBeNull();
    expect(hitRate(3, 1)).toBe(0.75);
  });
});
