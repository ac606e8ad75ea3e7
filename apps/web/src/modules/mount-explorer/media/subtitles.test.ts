import { describe, expect, it } from 'vitest';
import { findSubtitles } from './subtitles';

const file = (name: string) => ({ name, is_directory: false });

describe('subtitles beside a video', () => {
  it('finds <base>.vtt|srt and <base>.<lang>.vtt|srt, the plain one first', () => {
    const entries = [
      file('movie.mp4'),
      file('movie.zh-CN.srt'),
      file('movie.en.vtt'),
      file('movie.srt'),
      file('movie.vtt'),
      file('other.srt'),
      file('movie.txt'),
      { name: 'movie.fr.srt', is_directory: true },
    ];
    expect(
      findSubtitles('movie.mp4', entries).map(({ entry, format, language }) => [
        entry.name,
        format,
        language,
      ]),
    ).toEqual([
      ['movie.vtt', 'vtt', null],
      ['movie.srt', 'srt', null],
      ['movie.en.vtt', 'vtt', 'en'],
      ['movie.zh-CN.srt', 'srt', 'zh-CN'],
    ]);
  });

  it('compares names without case and keeps dots inside the base name', () => {
    const entries = [file('My.Trip.2024.EN.SRT'), file('my.trip.2024.srt'), file('my.srt')];
    expect(findSubtitles('My.Trip.2024.webm', entries).map((found) => found.language)).toEqual([
      null,
      'EN',
    ]);
  });

  it('does not take a longer name for a language', () => {
    expect(findSubtitles('movie.mp4', [file('movie.director.srt')])).toEqual([]);
    expect(findSubtitles('movie.mp4', [file('movies.srt')])).toEqual([]);
  });
});
