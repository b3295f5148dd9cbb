import { LANGUAGE_MESSAGES, type Language, languageInputSchema } from '@portal/contract';
import { Column } from 'primereact/column';
import { useTranslation } from 'react-i18next';
import { NamedRecordScreen } from '../../../components/record-table/named-record-screen.tsx';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { languageRecords, useDeleteLanguages } from '../../../lib/resources/languages.ts';
import { LanguageCodeField, languageCodeLabel } from '../components/language-code-field.tsx';

export function LanguageListPage() {
  const { t } = useTranslation();
  const remove = useDeleteLanguages();
  return (
    <NamedRecordScreen
      title={t('languages.title')}
      words={{
        id: 'language',
        newTitle: t('languages.new'),
        editTitle: t('languages.edit'),
        created: (name) => t('languages.created', { name }),
        updated: (name) => t('languages.updated', { name }),
        none: t('languages.none'),
      }}
      records={languageRecords}
      schema={languageInputSchema}
      extraField={{
        valueOf: (language) => ({ code: language?.code ?? null }),
        render: (control) => <LanguageCodeField control={control} />,
      }}
      firstStep={translateMessage(LANGUAGE_MESSAGES.none)}
      onDelete={{
        run: (rows) => remove.mutateAsync(rows),
        done: translateMessage(LANGUAGE_MESSAGES.deleted),
        question: (count) => t('languages.deleteSelected', { count }),
      }}
    >
      <Column
        field="code"
        header={t('languages.code')}
        sortable
        body={(language: Language) => (language.code ? languageCodeLabel(language.code) : '')}
      />
    </NamedRecordScreen>
  );
}
