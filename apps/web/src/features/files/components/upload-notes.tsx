import {
  type FileRecord,
  languageNotAddedMessage,
  parseMonth,
  replacesMessage,
  sameEditionMessage,
  type UploadFields,
} from '@portal/contract';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/i18n/format.ts';
import { translateMessage } from '../../../lib/i18n/messages.ts';

/** The edition a file is for, spelled so that names in any case match, as the server matches them. */
const editionKey = (book: string, language: string, year: unknown, month: unknown) =>
  [book.trim().toLowerCase(), language.trim().toLowerCase(), year, month].join('/');

/** The edition a file of the import is for, once its four fields are filled in. */
export const fieldsKey = ({ book, language, year, month }: UploadFields) =>
  book && language && year && month ? editionKey(book, language, year, month) : undefined;

export const recordKey = (file: FileRecord) =>
  editionKey(file.book_name, file.book_language, file.book_year, parseMonth(file.book_month));

interface UploadNotesProps {
  /** The id of the language note, which the Language field names as describing it. */
  languageNoteId: string;
  /** The language the file's name reads as, when the portal has none of that name yet. */
  missingLanguage: string | undefined;
  onAddLanguage: ((language: string) => void) | undefined;
  adding: boolean;
  /** The edition's file today, which this upload would replace. */
  replaces: FileRecord | undefined;
  /** An earlier file of the batch for the same edition. */
  sameAs: string | undefined;
}

/** What to know about one file of the import before uploading it. */
export function UploadNotes({
  languageNoteId,
  missingLanguage,
  onAddLanguage,
  adding,
  replaces,
  sameAs,
}: UploadNotesProps) {
  const { t } = useTranslation();
  return (
    <>
      {missingLanguage && (
        <div className="flex flex-wrap align-items-center gap-2 mb-2">
          <Message
            id={languageNoteId}
            severity="warn"
            text={translateMessage(languageNotAddedMessage(missingLanguage))}
          />
          {onAddLanguage && (
            <Button
              type="button"
              size="small"
              label={t('files.upload.addLanguage', { language: missingLanguage })}
              icon="pi pi-plus"
              loading={adding}
              onClick={() => onAddLanguage(missingLanguage)}
            />
          )}
        </div>
      )}
      {replaces && (
        <Message
          severity="warn"
          className="w-full justify-content-start mb-2"
          text={translateMessage(replacesMessage(replaces.name, formatDateTime(replaces.created)))}
        />
      )}
      {sameAs && (
        <Message
          severity="warn"
          className="w-full justify-content-start mb-2"
          text={translateMessage(sameEditionMessage(sameAs))}
        />
      )}
    </>
  );
}
