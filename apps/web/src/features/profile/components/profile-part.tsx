import type { ReactNode } from 'react';

/** A card below the profile form: its heading, the note that says what it does (`${id}-note`), and its form. */
export function ProfilePart({
  id,
  title,
  note,
  children,
}: {
  id: string;
  title: string;
  note: string;
  children: ReactNode;
}) {
  return (
    <section className="surface-card border-round-xl shadow-1 p-4 md:p-5 mt-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold mt-0 mb-2">
        {title}
      </h2>
      <p id={`${id}-note`} className="mt-0 text-muted">
        {note}
      </p>
      {children}
    </section>
  );
}
