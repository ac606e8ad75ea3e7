import { describe, expect, it } from 'vitest';
import {
  DONE_PERCENT,
  isReportDue,
  PROGRESS_INTERVAL_MS,
  percentOf,
  phaseStartPercent,
  speedOf,
} from './upload-progress';

describe('the percent of an upload queue row', () => {
  it('a URL upload fills 0-49 % while downloading, 50-99 % while sending, then 100 %', () => {
    const steps = [
      phaseStartPercent('download'),
      percentOf('download', 3, 6),
      percentOf('download', 6, 6),
      phaseStartPercent('upload'),
      percentOf('upload', 3, 6),
      percentOf('upload', 6, 6),
      DONE_PERCENT,
    ];
    expect(steps).toEqual([0, 24, 49, 50, 74, 99, 100]);
    expect(percentOf('download', 2, 4)).toBe(24);
  });

  it('a file upload (no phases) runs 0-99 % and reaches 100 % only when completed', () => {
    expect(percentOf(null, 0, 8)).toBe(0);
    expect(percentOf(null, 4, 8)).toBe(50);
    expect(percentOf(null, 8, 8)).toBe(99);
    expect(percentOf(null, 9, 8)).toBe(99);
    expect(DONE_PERCENT).toBe(100);
  });

  it('never passes the end of its phase when more bytes come than announced', () => {
    expect(percentOf('download', 12, 6)).toBe(49);
    expect(percentOf('upload', 12, 6)).toBe(99);
  });

  it('stays at the start of its phase while the total is unknown', () => {
    expect(percentOf(null, 5, 0)).toBe(0);
    expect(percentOf('download', 5, 0)).toBe(0);
    expect(percentOf('upload', 5, 0)).toBe(50);
  });
});

describe('the speed of an upload queue row', () => {
  it('has no measure below 400 ms of samples', () => {
    expect(speedOf([])).toBeNull();
    expect(speedOf([{ time: 0, loaded: 0 }])).toBeNull();
    expect(
      speedOf([
        { time: 0, loaded: 0 },
        { time: 399, loaded: 100 },
      ]),
    ).toBeNull();
  });

  it('is the bytes per second from the first sample to the last, never negative', () => {
    const samples = [
      { time: 1000, loaded: 0 },
      { time: 1500, loaded: 100 },
      { time: 3000, loaded: 1000 },
    ];
    expect(speedOf(samples)).toBe(500);
    expect(
      speedOf([
        { time: 0, loaded: 100 },
        { time: 1000, loaded: 0 },
      ]),
    ).toBe(0);
  });
});

describe('showing progress reports', () => {
  it('shows one report per interval, and always the one that completes the transfer', () => {
    expect(PROGRESS_INTERVAL_MS).toBe(120);
    expect(isReportDue(1000, 0, 1, 10)).toBe(true);
    expect(isReportDue(1119, 1000, 5, 10)).toBe(false);
    expect(isReportDue(1120, 1000, 5, 10)).toBe(true);
    expect(isReportDue(1001, 1000, 10, 10)).toBe(true);
    // Of unknown size (a download without Content-Length): only once per interval.
    expect(isReportDue(1001, 1000, 65_536, 0)).toBe(false);
    expect(isReportDue(1120, 1000, 65_536, 0)).toBe(true);
  });
});
