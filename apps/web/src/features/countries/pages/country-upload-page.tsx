import { MAX_COUNTRY_JSON_BYTES } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { FileUpload, type FileUploadHandlerEvent } from 'primereact/fileupload';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { countriesQuery, useUploadCountries } from '../../../lib/resources/countries.ts';
import { TOAST_LIFE, useToast } from '../../../lib/toast.tsx';
import { checkCountryFile } from '../components/check-country-file.ts';

type Outcome = { severity: 'success' | 'error'; text: string } | null;

export function CountryUploadPage() {
  const notify = useToast();
  const countries = useQuery(countriesQuery);
  const upload = useUploadCountries();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onUpload = async ({ files, options }: FileUploadHandlerEvent) => {
    const file = files[0];
    options.clear();
    if (!file) return;
    setOutcome(null);
    const problem = await checkCountryFile(file);
    try {
      if (problem) throw new Error(problem);
      const result = await upload.mutateAsync(file);
      const text = `${result.message} ${result.count} countries uploaded.`;
      setOutcome({ severity: 'success', text });
      notify({ severity: 'success', summary: 'Successful', detail: text });
    } catch (failure) {
      const text = (failure as Error).message;
      setOutcome({ severity: 'error', text });
      notify({ severity: 'error', summary: 'Error', detail: text, life: TOAST_LIFE.long });
    }
  };

  return (
    <PageSection title="Country Upload">
      {countries.isPending && <PageLoader />}
      <p className="line-height-3 mt-0">
        Replace the list of countries people choose from at sign-up and in the church dialog with a JSON file: a list of
        country names, or of objects with a <code>country</code> field, of at most{' '}
        {MAX_COUNTRY_JSON_BYTES.toLocaleString('en')} bytes.
      </p>
      <p className="font-semibold" aria-live="polite">
        {countries.isError
          ? `An error has occurred: ${countries.error.message}`
          : countries.data && `The country list has ${countries.data.length} countries.`}
      </p>
      <FileUpload
        mode="basic"
        name="jsonfile"
        accept=".json,application/json"
        customUpload
        auto
        uploadHandler={(event) => void onUpload(event)}
        chooseLabel={upload.isPending ? 'Uploading...' : 'Choose a JSON file'}
        chooseOptions={{ icon: 'pi pi-upload' }}
        disabled={upload.isPending}
        pt={{ basicButton: { role: 'button' }, input: { 'aria-label': 'Country JSON file' } }}
      />
      {outcome && <Message severity={outcome.severity} text={outcome.text} className="mt-3" role="status" />}
    </PageSection>
  );
}
