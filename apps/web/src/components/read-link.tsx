import type { FileRecord } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface ReadLinkProps {
  file: FileRecord;
  /** The link's full name: which edition it opens. */
  label: string;
  /** Shown beside the book icon; without it, the icon alone as a round button. */
  children?: ReactNode;
}

/** The reader's address for an edition (the router's `user/read/:id`). */
export const readerPath = (id: string) => `/user/read/${encodeURIComponent(id)}`;

/** Opens the edition in the reader: a link styled as the button beside it, so it can open in a new tab too. */
export function ReadLink({ file, label, children }: ReadLinkProps) {
  const shape = children ? 'p-button-outlined' : 'p-button-outlined p-button-rounded p-button-icon-only';
  return (
    <Link to={readerPath(file._id)} className={`p-button ${shape}`} aria-label={label}>
      <i className={`pi pi-book${children ? ' p-button-icon-left' : ''}`} aria-hidden />
      {children && <span className="p-button-label">{children}</span>}
    </Link>
  );
}
