import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title.ts';

/** Stand-in body for a screen whose feature is not built yet; says what the screen will offer. */
export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className="surface-card border-round-xl shadow-1 p-4 md:p-5" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-semibold mt-0 mb-4">
        {title}
      </h1>
      <div className="flex align-items-start gap-3">
        <span
          className="coming-soon-icon flex align-items-center justify-content-center border-circle flex-shrink-0"
          aria-hidden="true"
        >
          <i className="pi pi-clock text-xl" />
        </span>
        <div>
          <p className="font-semibold mt-0 mb-2">Coming soon</p>
          <p className="text-muted line-height-3 m-0">{children}</p>
        </div>
      </div>
    </section>
  );
}
