import { MONTHS } from '@portal/contract';
import { Dropdown } from 'primereact/dropdown';
import { type Control, Controller, type FieldErrors } from 'react-hook-form';
import { FormField } from '../../../components/form/form-field.tsx';
import type { UploadForm } from './upload-form.ts';

const MONTH_OPTIONS = MONTHS.map((label, index) => ({ label, value: index + 1 }));

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
  const fieldErrors = errors?.[index];
  const choices = [
    { name: 'book', label: 'Book', options: books },
    { name: 'language', label: 'Language', options: languages },
    { name: 'year', label: 'Year', options: years },
    { name: 'month', label: 'Month', options: MONTH_OPTIONS },
  ] as const;
  return (
    <div className="grid formgrid">
      {choices.map(({ name, label, options }) => {
        const id = `upload-${index}-${name}`;
        const error = fieldErrors?.[name]?.message;
        return (
          <div key={name} className="col-6">
            <FormField
              id={id}
              label={label}
              error={error}
              describedBy={name === 'language' ? languageNoteId : undefined}
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
                      placeholder={`Select ${label.toLowerCase()}`}
                      filter={name === 'language'}
                      disabled={disabled}
                      className="w-full"
                      {...aria}
                    />
                  )}
                />
              )}
            </FormField>
          </div>
        );
      })}
    </div>
  );
}
