import { type FileRecord, parseMonth } from '@portal/contract';
import { EditionCard } from './edition-card.tsx';

interface FileCardsProps {
  files: FileRecord[];
  coverOf: (book: string) => string | null | undefined;
  onDownload: (file: FileRecord) => Promise<void>;
}

/** Editions that are out, a card each. */
export function FileCards({ files, coverOf, onDownload }: FileCardsProps) {
  return (
    <ul className="edition-cards">
      {files.map((file) => (
        <li key={file._id}>
          <EditionCard
            book={file.book_name}
            language={file.book_language}
            month={parseMonth(file.book_month) ?? 1}
            year={file.book_year}
            cover={coverOf(file.book_name)}
            file={file}
            onDownload={onDownload}
          />
        </li>
      ))}
    </ul>
  );
}
