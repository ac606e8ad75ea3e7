import { describe, expect, it } from 'vitest';
import { offlinePageName } from './route-pages';

describe('offline page names', () => {
  it('names each page of the app', () => {
    expect(offlinePageName('/')).toBe('home');
    expect(offlinePageName('/upload')).toBe('upload');
    expect(offlinePageName('/admin')).toBe('admin');
    expect(offlinePageName('/admin/key-management')).toBe('admin');
    expect(offlinePageName('/paste/notes')).toBe('paste');
    expect(offlinePageName('/file/q3-report')).toBe('file');
    expect(offlinePageName('/s/team')).toBe('file');
    expect(offlinePageName('/s/team/reports/2024')).toBe('file');
    expect(offlinePageName('/mount-explorer')).toBe('mountExplorer');
    expect(offlinePageName('/mount-explorer/docs/2024')).toBe('mountExplorer');
  });

  it('does not take a longer word for a page', () => {
    expect(offlinePageName('/uploads')).toBeNull();
    expect(offlinePageName('/administrator')).toBeNull();
    expect(offlinePageName('/paste')).toBeNull();
    expect(offlinePageName('/s')).toBeNull();
    expect(offlinePageName('/shares')).toBeNull();
    expect(offlinePageName('/no/such/page')).toBeNull();
  });
});
