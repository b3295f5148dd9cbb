import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the page in the tab and for screen readers, which announce the title on navigation: "Files · Teen Devotional Portal". */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation();
  const full = t('app.pageTitle', { title });
  useEffect(() => {
    document.title = full;
  }, [full]);
}
