import type { FileRecord } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface ReadLinkProps {
  file: FileRecord;
  /** The link's full name: which edition it opens. */
  label: string;
  /** The page it opens at; without it, where the member last was. */
  page?: number;
  /** Shown beside the book icon; without it, the icon alone as a round button. */
  children?: ReactNode;
}

/** The reader's address for an edition (the router's `user/read/:id`), open at `page` if given. */
export const readerPath = (id: string, page?: number) =>
  `/user/read/${encodeURIComponent(id)}${page === undefined ? '' : `?page=${page}`}`;

/** The text view's address for a day of an edition (the router's `user/read/:id/day/:day`). */
export const dayTextPath = (id: string, day: number) => `/user/read/${encodeURIComponent(id)}/day/${day}`;

/** Opens the edition in the reader: a link styled as the button beside it, so it can open in a new tab too. */
export function ReadLink({ file, label, page, children }: ReadLinkProps) {
  const shape = children ? 'p-button-outlined' : 'p-button-outlined p-button-rounded p-button-icon-only';
  return (
    <Link to={readerPath(file._id, page)} className={`p-button ${shape}`} aria-label={label}>
      <i className={`pi pi-book${children ? ' p-button-icon-left' : ''}`} aria-hidden />
      {children && <span className="p-button-label">{children}</span>}
    </Link>
  );
}
