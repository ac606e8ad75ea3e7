import { describe, expect, it } from 'vitest';
import { jobFailureText } from './job-failure';

describe('a job that failed as a whole', () => {
  it('is worded from its code and values, else keeps the server’s words', () => {
    const bomb = {
      error: '/d/a.zip is too large to extract: nothing was written',
      error_code: 'fs.archive_too_large',
      error_details: { path: '/d/a.zip' },
    };
    expect(jobFailureText(bomb, 'zh-CN')).toBe(
      '/d/a.zip 过大或解压后膨胀过多（可能是压缩炸弹），未写入任何内容',
    );
    expect(jobFailureText({ ...bomb, error_code: 'internal.error' }, 'zh-CN')).toBe(bomb.error);
    expect(jobFailureText({ error: 'old job', error_code: null }, 'zh-CN')).toBe('old job');
    expect(jobFailureText({ error: null, error_code: null }, 'zh-CN')).toBeNull();
  });
});
