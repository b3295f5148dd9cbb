import { LANGUAGE_CODES } from '@portal/contract';
import { useMemo } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DropdownField } from '../../../components/form/dropdown-field.tsx';
import { byLocaleName, languageName } from '../../../lib/i18n/display-names.ts';
import type { NamedInput } from '../../../lib/resources/named-records.ts';

/** "Kiswahili (sw)": a code's name in the admin's language, and the code. */
export const languageCodeLabel = (code: string) => `${languageName(code)} (${code})`;

/** A language's ISO 639 code, chosen from the codes named in the admin's language, searchable by name or code. */
export function LanguageCodeField({ control }: { control: Control<NamedInput> }) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names change with the interface's language
  const options = useMemo(
    () =>
      LANGUAGE_CODES.map((code) => ({ value: code, label: languageCodeLabel(code) })).sort((a, b) =>
        byLocaleName(a.label, b.label),
      ),
    [i18n.language],
  );
  return (
    <>
      <DropdownField
        control={control}
        name="code"
        id="language-code"
        label={t('languages.code')}
        describedBy="language-code-note"
        options={options}
        optionLabel="label"
        optionValue="value"
        placeholder={t('languages.codePlaceholder')}
        filter
        filterBy="label"
        showClear
        className="w-full"
      />
      <p id="language-code-note" className="mt-0 text-muted line-height-3">
        {t('languages.codeNote')}
      </p>
    </>
  );
}
