import type { PublicUploadRequest } from '@sharebin/shared';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderMarkup } from '../../../app/static-markup.test-support';
import { UploadRequestView } from './UploadRequestView';

const request = (fields: Partial<PublicUploadRequest>): PublicUploadRequest => ({
  slug: 'r1',
  requires_password: false,
  name: 'inbox',
  expires_at: null,
  max_file_size: 100 * 1024 * 1024,
  remaining_files: 0,
  remaining_bytes: null,
  allowed_types: [],
  files_in_progress: 0,
  bytes_in_progress: 0,
  ...fields,
});
const page = (fields: Partial<PublicUploadRequest>, language: 'en-US' | 'zh-CN' = 'en-US') =>
  renderMarkup(
    createElement(UploadRequestView, { slug: 'r1', request: request(fields), token: null }),
    language,
  );

describe('the page of a request whose last place a file still arriving holds', () => {
  it('lets the visitor choose the file again, and says that it resumes', () => {
    const html = page({ files_in_progress: 1, bytes_in_progress: 12 * 1024 * 1024 });
    expect(html).toContain('data-testid="upload-request-input"');
    expect(html).not.toContain('data-testid="upload-request-closed"');
    expect(html).toContain('data-testid="upload-request-in-progress"');
    expect(html).toContain('A file is still arriving here');
    expect(page({ files_in_progress: 1 }, 'zh-CN')).toContain('有 1 个文件仍在上传中');
  });

  it('is closed when every place is used by files that have arrived', () => {
    const html = page({});
    expect(html).toContain('data-testid="upload-request-closed"');
    expect(html).not.toContain('data-testid="upload-request-input"');
    expect(html).not.toContain('data-testid="upload-request-in-progress"');
  });
});
