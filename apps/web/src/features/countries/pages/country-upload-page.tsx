import { MAX_COUNTRY_JSON_BYTES } from '@portal/contract';
import { ComingSoon } from '../../../components/coming-soon.tsx';

export function CountryUploadPage() {
  return (
    <ComingSoon title="Country Upload">
      Upload the list of countries people choose from at sign-up, as a JSON file of up to{' '}
      {MAX_COUNTRY_JSON_BYTES / 1_000_000} MB.
    </ComingSoon>
  );
}
