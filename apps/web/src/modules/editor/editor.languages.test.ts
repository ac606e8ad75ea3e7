import { describe, expect, it } from 'vitest';
import { editorLanguageName, importTarget, looksBinary } from './editor.languages';

describe('imported files', () => {
  it('opens Markdown as Markdown and other text in its language', () => {
    expect(importTarget({ name: 'README.md', type: '' })).toEqual({
      format: 'markdown',
      language: 'auto',
    });
    expect(importTarget({ name: 'notes.txt', type: 'text/plain' })).toEqual({
      format: 'text',
      language: 'plaintext',
    });
    expect(importTarget({ name: 'main.py', type: '' })).toEqual({
      format: 'text',
      language: 'python',
    });
    expect(importTarget({ name: 'Makefile', type: '' })).toEqual({
      format: 'text',
      language: 'makefile',
    });
    expect(importTarget({ name: 'data', type: 'application/json' })).toEqual({
      format: 'text',
      language: 'auto',
    });
  });

  it('refuses files that are not text', () => {
    expect(importTarget({ name: 'photo.jpg', type: 'image/jpeg' })).toBeNull();
    expect(importTarget({ name: 'archive', type: 'application/zip' })).toBeNull();
    expect(looksBinary('plain\ttext\r\nwith \u001b[1mcolour\u001b[0m')).toBe(false);
    expect(looksBinary('PK\u0003\u0004\u0000\u0000')).toBe(true);
  });

  it('names the editor language for a highlight.js language', () => {
    expect(editorLanguageName('xml')).toBe('html');
    expect(editorLanguageName('python')).toBe('python');
    expect(editorLanguageName('auto')).toBeNull();
    expect(editorLanguageName('plaintext')).toBeNull();
  });
});
