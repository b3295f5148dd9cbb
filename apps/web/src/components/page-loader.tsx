import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';

/** Thin bar shown while a page's code or first data loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return <ProgressBar mode="indeterminate" className="page-loader" aria-label={t('app.loadingPage')} />;
}
