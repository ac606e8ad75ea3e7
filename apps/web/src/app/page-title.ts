import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets the document title from translated parts, most general first, and the product name
 * last: usePageTitle(['Admin', 'Key management']) → "Admin · Key management · Sharebin".
 */
export function usePageTitle(parts: readonly string[]): void {
  const { t } = useTranslation();
  const suffix = t('titles.suffix');
  const title = [...parts, suffix].filter(Boolean).join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
