import { useMemo, useState } from 'react';
import { chooseEncoding, chosenEncoding } from './encoding-choices';
import { decodeText, detectEncoding, type TextEncoding } from './text-encoding';

/**
 * A text preview's bytes as text: in the encoding chosen for this file before, else the one
 * detected; `choose` re-decodes at once and remembers the choice for the file.
 */
export function useTextEncoding(fileId: string, bytes: Uint8Array | undefined) {
  const detected = useMemo(() => (bytes ? detectEncoding(bytes) : null), [bytes]);
  const [chosen, setChosen] = useState<TextEncoding | null>(() => chosenEncoding(fileId));
  const encoding = chosen ?? detected ?? 'utf-8';
  const text = useMemo(() => (bytes ? decodeText(bytes, encoding) : ''), [bytes, encoding]);
  const choose = (next: TextEncoding) => {
    setChosen(next);
    chooseEncoding(fileId, next);
  };
  return { encoding, detected, text, choose };
}
