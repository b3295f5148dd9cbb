import { LANGUAGE_MESSAGES, languageInputSchema } from '@portal/contract';
import { NamedRecordScreen } from '../../../components/record-table/named-record-screen.tsx';
import { languageRecords, useDeleteLanguages } from '../../../lib/resources/languages.ts';

export function LanguageListPage() {
  const remove = useDeleteLanguages();
  return (
    <NamedRecordScreen
      title="Languages"
      noun="Language"
      records={languageRecords}
      schema={languageInputSchema}
      firstStep={LANGUAGE_MESSAGES.none}
      onDelete={{ run: (rows) => remove.mutateAsync(rows), done: LANGUAGE_MESSAGES.deleted }}
    />
  );
}
