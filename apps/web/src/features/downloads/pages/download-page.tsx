import { ComingSoon } from '../../../components/coming-soon.tsx';

export function DownloadPage() {
  return (
    <ComingSoon title="Download">
      Pick a year, a month and a language, then download that month's Teevo or Take5 edition as a PDF.
    </ComingSoon>
  );
}
