import type { ThisMonth } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLanguages, thisMonthQuery } from '../api/get-this-month.ts';

/**
 * This month's language switch: a button per language this month has editions in, pressed for those shown; the
 * member's pick is remembered in this browser. Shown when there is more than one language to pick from.
 */
export function ThisMonthLanguages({ thisMonth }: { thisMonth: ThisMonth }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: thisMonthQuery.queryKey, exact: true });
  // Pressed at once, before the server answers with the editions.
  const [pressed, setPressed] = useState(thisMonth.languageIds);
  useEffect(() => setPressed(thisMonth.languageIds), [thisMonth.languageIds]);
  // The interface's language is the member's when they have no other: a change of it asks again.
  const locale = useRef(i18n.language);
  useEffect(() => {
    if (locale.current === i18n.language) return;
    locale.current = i18n.language;
    void queryClient.invalidateQueries({ queryKey: thisMonthQuery.queryKey, exact: true });
  }, [i18n.language, queryClient]);

  if (thisMonth.languageChoices.length < 2) return null;
  const toggle = (id: string) => {
    const next = pressed.includes(id) ? pressed.filter((each) => each !== id) : [...pressed, id];
    if (next.length === 0) return;
    setPressed(next);
    pickLanguages(next);
    void refetch();
  };
  return (
    <fieldset className="this-month-languages" aria-label={t('downloads.home.languages')}>
      {thisMonth.languageChoices.map(({ id, name }) => (
        <Button
          key={id}
          type="button"
          label={name}
          size="small"
          outlined={!pressed.includes(id)}
          aria-pressed={pressed.includes(id)}
          onClick={() => toggle(id)}
        />
      ))}
    </fieldset>
  );
}
