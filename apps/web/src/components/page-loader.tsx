import { useTranslation } from 'react-i18next';

/**
 * Thin bar shown while a page's code or first data loads: PrimeReact's indeterminate ProgressBar as it draws it,
 * without its code in every page's first scripts (decision 039).
 */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div
      className="page-loader p-progressbar p-component p-progressbar-indeterminate"
      role="progressbar"
      aria-label={t('app.loadingPage')}
    >
      <div className="p-progressbar-indeterminate-container">
        <div className="p-progressbar-value p-progressbar-value-animate" />
      </div>
    </div>
  );
}
