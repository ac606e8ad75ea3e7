import { describe, expect, it } from 'vitest';
import { decodeText, detectEncoding, plausibility, type TextEncoding } from './text-encoding';

/**
 * Bytes of `text` in a legacy encoding, from the decoder's own table (Node decodes them all
 * with full ICU; it encodes only UTF-8): every one- and two-byte sequence, decoded once.
 */
const tables = new Map<string, Map<string, number[]>>();
function encode(text: string, encoding: TextEncoding): Uint8Array {
  let table = tables.get(encoding);
  if (!table) {
    table = new Map();
    const decoder = new TextDecoder(encoding, { fatal: true });
    const learn = (bytes: number[]) => {
      try {
        const char = decoder.decode(new Uint8Array(bytes));
        if ([...char].length === 1 && !table?.has(char)) table?.set(char, bytes);
      } catch {
        // Not a character in this encoding.
      }
    };
    for (let byte = 0; byte < 0x100; byte++) learn([byte]);
    for (let lead = 0x81; lead <= 0xfe; lead++) {
      for (let trail = 0x40; trail <= 0xfe; trail++) learn([lead, trail]);
    }
    tables.set(encoding, table);
  }
  return new Uint8Array(
    [...text].flatMap((char) => {
      const bytes = table.get(char);
      if (!bytes) throw new Error(`${char} has no ${encoding} bytes`);
      return bytes;
    }),
  );
}

const utf16 = (text: string, littleEndian: boolean) => {
  const bytes = new Uint8Array(text.length * 2);
  const view = new DataView(bytes.buffer);
  for (let index = 0; index < text.length; index++) {
    view.setUint16(index * 2, text.charCodeAt(index), littleEndian);
  }
  return bytes;
};
const concat = (...parts: Uint8Array[]) => new Uint8Array(parts.flatMap((part) => [...part]));

const SIMPLIFIED =
  '这是一个中文文件的预览。我们在这里测试编码的自动检测，看看它是否能正确地显示出来。';
const TRADITIONAL =
  '這是一個中文檔案的預覽。我們在這裡測試編碼的自動檢測，看看它是否能正確地顯示出來。';
const JAPANESE = 'これは日本語のテキストファイルです。文字コードの自動判定をテストしています。';
const KOREAN = '이것은 한국어 텍스트 파일입니다. 인코딩 자동 감지를 시험하고 있습니다.';
const FRENCH = 'Le café est très bon à Noël, déjà près de la forêt où dure été.';

describe('encode (the test helper) gives the known bytes', () => {
  it.each([
    ['gb18030', '中文', [0xd6, 0xd0, 0xce, 0xc4]],
    ['big5', '中文', [0xa4, 0xa4, 0xa4, 0xe5]],
    ['shift_jis', 'あ', [0x82, 0xa0]],
    ['euc-kr', '한', [0xc7, 0xd1]],
    ['windows-1252', 'é', [0xe9]],
  ] as const)('%s', (encoding, text, bytes) => {
    expect([...encode(text, encoding)]).toEqual(bytes);
  });
});

describe('detectEncoding', () => {
  it('reads byte order marks', () => {
    const marked = (bom: number[], bytes: Uint8Array) => concat(new Uint8Array(bom), bytes);
    expect(detectEncoding(marked([0xef, 0xbb, 0xbf], new TextEncoder().encode('hi')))).toBe(
      'utf-8',
    );
    expect(detectEncoding(marked([0xff, 0xfe], utf16('中文 text', true)))).toBe('utf-16le');
    expect(detectEncoding(marked([0xfe, 0xff], utf16('中文 text', false)))).toBe('utf-16be');
  });

  it('takes valid UTF-8 (and plain ASCII) as UTF-8', () => {
    expect(detectEncoding(new TextEncoder().encode(SIMPLIFIED))).toBe('utf-8');
    expect(detectEncoding(new TextEncoder().encode('just ascii\n'))).toBe('utf-8');
    expect(detectEncoding(new Uint8Array())).toBe('utf-8');
  });

  it('finds UTF-16 without a mark by its NULs', () => {
    expect(detectEncoding(utf16('plain English text, no mark', true))).toBe('utf-16le');
    expect(detectEncoding(utf16('plain English text, no mark', false))).toBe('utf-16be');
  });

  it.each([
    ['gb18030', SIMPLIFIED],
    ['big5', TRADITIONAL],
    ['shift_jis', JAPANESE],
    ['euc-kr', KOREAN],
    ['windows-1252', FRENCH],
  ] as const)('tells %s from the other legacy encodings', (encoding, text) => {
    const bytes = encode(text, encoding);
    expect(detectEncoding(bytes)).toBe(encoding);
    expect(decodeText(bytes, encoding)).toBe(text);
  });

  it('detects mixed ASCII and CJK, as source files and notes have', () => {
    const text = `# 说明\nconst title = "${SIMPLIFIED.slice(0, 12)}";\n// 注意：这里的内容会被显示\n`;
    expect(detectEncoding(encode(text, 'gb18030'))).toBe('gb18030');
  });

  it('is not thrown off by a character cut at the end of a partial read', () => {
    const bytes = encode(SIMPLIFIED, 'gb18030');
    expect(detectEncoding(bytes.subarray(0, bytes.length - 1))).toBe('gb18030');
    const utf8 = new TextEncoder().encode(SIMPLIFIED);
    expect(detectEncoding(utf8.subarray(0, utf8.length - 1))).toBe('utf-8');
  });
});

describe('decodeText', () => {
  it('decodes in the chosen encoding, dropping a cut last character', () => {
    const bytes = encode('中文', 'gb18030');
    expect(decodeText(bytes, 'gb18030')).toBe('中文');
    expect(decodeText(bytes.subarray(0, 3), 'gb18030')).toBe('中');
    expect(decodeText(bytes, 'windows-1252')).toBe('ÖÐÎÄ');
  });
});

describe('plausibility', () => {
  it('scores text of the right language high and garbled text low', () => {
    expect(plausibility(SIMPLIFIED, 'gb18030')).toBeGreaterThan(0.6);
    expect(plausibility(decodeText(encode(SIMPLIFIED, 'gb18030'), 'big5'), 'big5')).toBeLessThan(
      0.2,
    );
    expect(plausibility('ÖÐÎÄ', 'windows-1252')).toBe(0);
    expect(plausibility('ascii only', 'gb18030')).toBe(0);
  });
});
