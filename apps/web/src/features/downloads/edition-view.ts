import { useState } from 'react';
import { useMediaQuery } from '../../hooks/use-media-query.ts';

/** The member's choice between cards and the table, kept for their next visit. */
const KEY = 'member-editions-view';

export type EditionView = 'cards' | 'table';

/** Wide enough for the table's five columns side by side; narrower screens always get the cards. */
const WIDE_SCREEN = '(min-width: 768px)';

function storedView(): EditionView {
  try {
    return localStorage.getItem(KEY) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards';
  }
}

/** Cards or table for the member's editions: the table only on a wide screen, where the member may choose it. */
export function useEditionView() {
  const wide = useMediaQuery(WIDE_SCREEN);
  const [chosen, setChosen] = useState(storedView);
  const choose = (view: EditionView) => {
    setChosen(view);
    try {
      localStorage.setItem(KEY, view);
    } catch {
      // Blocked storage: the choice holds for this visit.
    }
  };
  return { canChoose: wide, view: wide ? chosen : 'cards', choose };
}
