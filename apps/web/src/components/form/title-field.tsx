import type { Title } from '@portal/contract';
import type { TFunction } from 'i18next';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DropdownField } from './dropdown-field.tsx';

interface TitleFieldProps<Form extends FieldValues> {
  /** A form with a `title` field. */
  control: Control<Form>;
  id: string;
  titles: readonly string[];
}

/** Each title's words in the catalogue; the account keeps the English value. */
const TITLE_LABELS = {
  Pastor: 'form.title.pastor',
  Mr: 'form.title.mr',
  Mrs: 'form.title.mrs',
  Miss: 'form.title.miss',
  Ms: 'form.title.ms',
  Sister: 'form.title.sister',
  Brother: 'form.title.brother',
} as const satisfies Record<Title, string>;

const isTitle = (title: string): title is Title => Object.hasOwn(TITLE_LABELS, title);

/** Titles as a dropdown's options, in the reader's language; one an older portal gave shows as it is. */
export const titleOptions = (titles: readonly string[], t: TFunction) =>
  titles.map((title) => ({ value: title, label: isTitle(title) ? t(TITLE_LABELS[title]) : title }));

/** The person's title (Mr, Mrs, ...) as a dropdown; a title of an older portal not in the list shows as it is. */
export function TitleField<Form extends FieldValues>({ control, id, titles }: TitleFieldProps<Form>) {
  const { t } = useTranslation();
  return (
    <DropdownField
      control={control}
      name={'title' as Path<Form>}
      id={id}
      label={t('form.title.label')}
      options={titleOptions(titles, t)}
      optionLabel="label"
      optionValue="value"
      placeholder={t('form.title.placeholder')}
      pt={{ select: { 'aria-label': t('form.title.label') } }}
      className="w-full"
    />
  );
}
