import { Dropdown } from 'primereact/dropdown';
import { type Control, Controller, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/form-field.tsx';
import { monthOptions } from '../../../lib/i18n/format.ts';
import type { UploadForm } from './upload-form.ts';

interface EditionFieldsProps {
  control: Control<UploadForm, unknown, unknown>;
  index: number;
  errors: FieldErrors<UploadForm>['editions'];
  books: string[];
  languages: string[];
  years: number[];
  disabled: boolean;
  /** A note under the fields about the language the file's name gives. */
  languageNoteId?: string | undefined;
}

/** Book, language, year and month of one file in the upload dialog. */
export function EditionFields({
  control,
  index,
  errors,
  books,
  languages,
  years,
  disabled,
  languageNoteId,
}: EditionFieldsProps) {
  const { t } = useTranslation();
  const fieldErrors = errors?.[index];
  const choices = [
    { name: 'book', label: t('files.fields.book'), placeholder: t('files.fields.selectBook'), options: books },
    {
      name: 'language',
      label: t('files.fields.language'),
      placeholder: t('files.fields.selectLanguage'),
      options: languages,
    },
    { name: 'year', label: t('files.fields.year'), placeholder: t('files.fields.selectYear'), options: years },
    {
      name: 'month',
      label: t('files.fields.month'),
      placeholder: t('files.fields.selectMonth'),
      options: monthOptions(),
    },
  ] as const;
  return (
    <div className="upload-fields">
      {choices.map(({ name, label, placeholder, options }) => {
        const id = `upload-${index}-${name}`;
        const error = fieldErrors?.[name]?.message;
        return (
          <FormField
            key={name}
            id={id}
            label={label}
            error={error}
            describedBy={name === 'language' ? languageNoteId : undefined}
            className="upload-field"
          >
            {({ id: inputId, ...aria }) => (
              <Controller
                control={control}
                name={`editions.${index}.${name}`}
                render={({ field }) => (
                  <Dropdown
                    inputId={inputId}
                    value={field.value}
                    options={[...options]}
                    onChange={(event) => field.onChange(event.value)}
                    onBlur={field.onBlur}
                    placeholder={placeholder}
                    filter={name === 'language'}
                    disabled={disabled}
                    className="w-full"
                    {...aria}
                  />
                )}
              />
            )}
          </FormField>
        );
      })}
    </div>
  );
}
