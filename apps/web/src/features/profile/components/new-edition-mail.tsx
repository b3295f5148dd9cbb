import { zodResolver } from '@hookform/resolvers/zod';
import { type NotificationChoice, notificationChoiceSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { MultiSelect } from 'primereact/multiselect';
import { type Control, useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { bookRecords } from '../../../lib/resources/books.ts';
import { languageRecords } from '../../../lib/resources/languages.ts';
import type { NamedRecord } from '../../../lib/resources/named-records.ts';
import { notificationChoiceQuery, useSaveNotificationChoice } from '../../../lib/resources/notifications.ts';
import { errorToast, useToast } from '../../../lib/toast.tsx';
import { ProfilePart } from './profile-part.tsx';

/** The form's books are always a list: every book ticked is saved as "every book", those added later too. */
type ChoiceValues = NotificationChoice & { books: string[] };

const NOTE_ID = 'new-edition-mail-note';

/** Below the profile: whether the member is mailed when a new edition is out, and about which books and languages. */
export function NewEditionMail() {
  const { t } = useTranslation();
  const choice = useQuery(notificationChoiceQuery);
  const books = useQuery(bookRecords.listQuery);
  const languages = useQuery(languageRecords.listQuery);
  return (
    <ProfilePart
      id="new-edition-mail"
      title={t('profile.newEditionMail.title')}
      note={t('profile.newEditionMail.note')}
    >
      {choice.data && books.data && languages.data ? (
        <ChoiceForm choice={choice.data} books={books.data} languages={languages.data} />
      ) : (
        <PageLoader />
      )}
    </ProfilePart>
  );
}

function ChoiceForm({
  choice,
  books,
  languages,
}: {
  choice: NotificationChoice;
  books: NamedRecord[];
  languages: NamedRecord[];
}) {
  const { t } = useTranslation();
  const notify = useToast();
  const save = useSaveNotificationChoice();
  const everyBook = books.map((book) => book.id);
  const { control, handleSubmit, watch, reset } = useForm<ChoiceValues>({
    resolver: zodResolver(notificationChoiceSchema) as never,
    defaultValues: { ...choice, books: choice.books ?? everyBook },
  });
  const enabled = watch('enabled');

  const submit = handleSubmit((values) => {
    const chosen = { ...values, books: everyBook.every((id) => values.books.includes(id)) ? null : values.books };
    save.mutate(chosen, {
      onSuccess: ({ message }) => {
        reset(values);
        notify({ severity: 'success', summary: t('profile.saved'), detail: translateMessage(message) });
      },
      onError: (error) => notify(errorToast(error, { summary: t('profile.savingFailed') })),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-describedby={NOTE_ID}>
      <CheckboxField
        control={control}
        name="enabled"
        id="new-edition-mail-enabled"
        label={t('profile.newEditionMail.enabled')}
      />
      {/* The books and languages matter only while the mail is on. */}
      {enabled && (
        <div className="grid">
          <div className="col-12 md:col-6">
            <ChoiceList control={control} name="books" label={t('profile.newEditionMail.books')} options={books} />
          </div>
          <div className="col-12 md:col-6">
            <ChoiceList
              control={control}
              name="languages"
              label={t('profile.newEditionMail.languages')}
              options={languages}
            />
          </div>
        </div>
      )}
      <Button type="submit" label={t('profile.newEditionMail.save')} icon="pi pi-save" loading={save.isPending} />
    </form>
  );
}

function ChoiceList({
  control,
  name,
  label,
  options,
}: {
  control: Control<ChoiceValues>;
  name: 'books' | 'languages';
  label: string;
  options: NamedRecord[];
}) {
  const { field, fieldState } = useController({ control, name });
  const id = `new-edition-mail-${name}`;
  return (
    <FormField id={id} label={label} error={fieldState.error?.message}>
      {({ id: inputId, ...aria }) => (
        <MultiSelect
          inputId={inputId}
          value={field.value}
          onChange={(event) => field.onChange(event.value)}
          onBlur={field.onBlur}
          options={options}
          optionLabel="name"
          optionValue="id"
          display="chip"
          filter={options.length > 8}
          className="w-full"
          {...aria}
        />
      )}
    </FormField>
  );
}
