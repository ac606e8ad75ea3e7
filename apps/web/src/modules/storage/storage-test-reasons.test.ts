import { STORAGE_TEST_REASONS } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { enUS } from '../../i18n/en-US';
import { zhCN } from '../../i18n/zh-CN';

describe('storage test reasons', () => {
  it.each(STORAGE_TEST_REASONS)('%s is worded in English and Chinese', (reason) => {
    const english = enUS.storageConfig.test.reasons[reason];
    const chinese = zhCN.storageConfig.test.reasons[reason];
    expect(english.trim()).not.toBe('');
    expect(chinese.trim()).not.toBe('');
    expect(chinese).not.toBe(english);
    // Both languages fill in the same values.
    const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]);
    expect(placeholders(chinese).sort()).toEqual(placeholders(english).sort());
  });
});
