import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import './error-screen.css';

interface ErrorScreenProps {
  icon: string;
  title: string;
  message: string;
  action: ReactNode;
}

/** Why a page can not be shown, with the way onward. */
export function ErrorScreen({ icon, title, message, action }: ErrorScreenProps) {
  useDocumentTitle(title);
  return (
    <div className="error-screen">
      <section className="error-screen-card surface-card border-round-2xl shadow-2" aria-labelledby="error-title">
        <span className="error-screen-icon border-circle" aria-hidden="true">
          <i className={`pi ${icon}`} />
        </span>
        <h1 id="error-title" className="text-4xl font-bold mt-4 mb-2">
          {title}
        </h1>
        <p className="text-muted text-lg mt-0 mb-5">{message}</p>
        {action}
      </section>
    </div>
  );
}
