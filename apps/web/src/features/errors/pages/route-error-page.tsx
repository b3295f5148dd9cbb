import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { ErrorScreen } from '../components/error-screen.tsx';

/**
 * Shown when a page fails to render or its code fails to load (for instance after a new release): on a page of
 * its own, since the layout may be what failed.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const detail = error instanceof Error ? error.message : t('errors.pageNotShown');
  return (
    <div className="error-page">
      <header className="mb-5">
        <BrandLogo />
      </header>
      <main>
        <ErrorScreen
          icon="pi-exclamation-triangle"
          title={t('errors.somethingWentWrong')}
          message={t('errors.occurred', { detail })}
          action={
            <PlainButton icon="pi pi-refresh" label={t('errors.reload')} onClick={() => window.location.reload()} />
          }
        />
      </main>
    </div>
  );
}
