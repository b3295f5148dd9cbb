import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { AppFooter } from './app-footer.tsx';
import { OfflineNotice } from './offline-notice.tsx';

const MAIN_CONTENT_ID = 'main-content';

/** The first stop of the keyboard on every page: it jumps past the header to the page itself. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
      {t('app.skipToContent')}
    </a>
  );
}

/**
 * The page of the current route (the skip link's target), loaded when first shown, under a notice while offline,
 * and the footer under it.
 */
export function MainContent({ className }: { className: string }) {
  return (
    <>
      <main id={MAIN_CONTENT_ID} className={className} tabIndex={-1}>
        <OfflineNotice />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
    </>
  );
}
