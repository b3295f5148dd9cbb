import { useEffect } from 'react';
import { APP_NAME } from '../config/app.ts';

/** Names the page in the tab and for screen readers, which announce the title on navigation. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}
