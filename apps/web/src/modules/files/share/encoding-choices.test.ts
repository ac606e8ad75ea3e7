import { describe, expect, it } from 'vitest';
import { installFakeWindow } from '../../../app/fake-window.test-support';
import { chooseEncoding, chosenEncoding, ENCODING_CHOICES_KEPT } from './encoding-choices';

describe('encoding choices', () => {
  const window = installFakeWindow({ apiBaseUrl: '', origin: 'http://sharebin.test' });

  it('keeps a choice per file, the last one winning', () => {
    expect(chosenEncoding('mount:/m/a.txt')).toBeNull();
    chooseEncoding('mount:/m/a.txt', 'big5');
    chooseEncoding('mount:/m/b.txt', 'euc-kr');
    chooseEncoding('mount:/m/a.txt', 'gb18030');
    expect(chosenEncoding('mount:/m/a.txt')).toBe('gb18030');
    expect(chosenEncoding('mount:/m/b.txt')).toBe('euc-kr');
  });

  it(`forgets the oldest beyond ${ENCODING_CHOICES_KEPT}`, () => {
    for (let index = 0; index <= ENCODING_CHOICES_KEPT; index++) {
      chooseEncoding(`file-${index}`, 'shift_jis');
    }
    expect(chosenEncoding('file-0')).toBeNull();
    expect(chosenEncoding('file-1')).toBe('shift_jis');
    expect(chosenEncoding(`file-${ENCODING_CHOICES_KEPT}`)).toBe('shift_jis');
  });

  it('ignores what it cannot read', () => {
    window.localStorage.setItem('preview_encodings', '{not json');
    expect(chosenEncoding('x')).toBeNull();
    window.localStorage.setItem('preview_encodings', JSON.stringify({ value: [['x', 'koi8-r']] }));
    expect(chosenEncoding('x')).toBeNull();
  });
});
