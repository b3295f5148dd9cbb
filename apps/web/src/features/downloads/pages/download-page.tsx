import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { DownloadPanel } from '../components/download-panel.tsx';

export function DownloadPage() {
  useDocumentTitle('Download');
  return <DownloadPanel />;
}
