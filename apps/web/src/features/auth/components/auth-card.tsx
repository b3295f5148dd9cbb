import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

/** The frame of a public account screen: a centred card under its heading. */
export function AuthCard({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section
      className="surface-card border-round-xl shadow-1 p-4 md:p-5 mx-auto w-full"
      style={{ maxWidth: wide ? '48rem' : '32rem' }}
      aria-labelledby="page-title"
    >
      <h1 id="page-title" className="text-2xl font-semibold mt-0 mb-4">
        {title}
      </h1>
      {children}
    </section>
  );
}
