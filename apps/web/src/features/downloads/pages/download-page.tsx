import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { DownloadPanel } from '../components/download-panel.tsx';

export function DownloadPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('downloads.panel.title'));
  return <DownloadPanel />;
}
