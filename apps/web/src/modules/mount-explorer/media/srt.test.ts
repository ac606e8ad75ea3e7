import { describe, expect, it } from 'vitest';
import { srtToVtt, toWebVtt } from './srt';

describe('SubRip to WebVTT', () => {
  it('adds the header and turns the commas of the timings into dots', () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:02,500\nHello, world\n\n2\n00:00:03,000 --> 00:00:04,000\nBye\n';
    expect(srtToVtt(srt)).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nHello, world\n\n2\n00:00:03.000 --> 00:00:04.000\nBye\n',
    );
  });

  it('drops a byte-order mark and reads CRLF and CR line ends', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\nOne\r\n\r\n2\r00:00:03,000 --> 00:00:04,000\rTwo\r\n';
    expect(srtToVtt(srt)).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nOne\n\n2\n00:00:03.000 --> 00:00:04.000\nTwo\n',
    );
  });

  it('pads short hours and milliseconds, and keeps cue settings after the timing', () => {
    expect(srtToVtt('1\n0:00:01,5 --> 0:00:02,25 align:start\nHi')).toBe(
      'WEBVTT\n\n1\n00:00:01.500 --> 00:00:02.250 align:start\nHi\n',
    );
  });

  it('leaves text that only looks like a time alone', () => {
    expect(srtToVtt('1\n00:00:01,000 --> 00:00:02,000\nAt 10:00:00,000 sharp')).toContain(
      'At 10:00:00,000 sharp',
    );
  });

  it('passes WebVTT through, without its byte-order mark', () => {
    expect(toWebVtt('\uFEFFWEBVTT\n\nx', 'vtt')).toBe('WEBVTT\n\nx');
    expect(toWebVtt('1\n00:00:01,000 --> 00:00:02,000\nx', 'srt')).toMatch(/^WEBVTT\n/);
  });
});
