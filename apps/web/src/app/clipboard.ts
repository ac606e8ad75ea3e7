import { useCallback, useEffect, useRef, useState } from 'react';
import { notifySuccess, notifyWarning } from './notify';

/**
 * Copies text. The Clipboard API exists only on secure pages (HTTPS or localhost); a
 * self-hosted server reached over plain HTTP falls back to the older copy command.
 */
async function copyText(text: string): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Denied (for example without focus): try the fallback.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** `copy(text)` and whether the last copy succeeded within the last two seconds. */
export function useCopy(timeout = 2000) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = useCallback(
    async (text: string) => {
      const done = await copyText(text);
      window.clearTimeout(timer.current);
      setCopied(done);
      if (done) timer.current = window.setTimeout(() => setCopied(false), timeout);
      return done;
    },
    [timeout],
  );
  return { copied, copy };
}

/**
 * Copies a share's link and says so in a toast; where the copy fails, the warning toast shows
 * the link so it can be copied by hand.
 */
export function useCopyLink(copiedMessage: string) {
  const { copy } = useCopy();
  return async (url: string) => {
    if (await copy(url)) notifySuccess(copiedMessage);
    else notifyWarning(url);
  };
}
