import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title.ts';

/** A back-office page: a card under the page's heading, which also names the browser tab. */
export function PageSection({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className="surface-card border-round-xl shadow-1 p-3 md:p-5" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-semibold mt-0 mb-4">
        {title}
      </h1>
      {children}
    </section>
  );
}
