import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { keepMonthText } from '../../../lib/editions/kept-text.ts';
import { portalLocale } from '../../../lib/i18n/i18n.ts';
import { filesQuery } from '../../../lib/resources/files.ts';
import { getSession } from '../../../lib/session/session-store.ts';

/** The languages picked with This month's switch, kept in this browser for the account that picked them (decision 041). */
const PICKED_KEY = 'this-month-languages';

interface Picked {
  account: string | undefined;
  languages: string[];
}

/** The last pick of this page, which holds where storage is refused. */
let lastPick: Picked | undefined;

function pickedLanguages(): string[] {
  let pick = lastPick;
  try {
    pick ??= JSON.parse(localStorage.getItem(PICKED_KEY) ?? 'null') ?? undefined;
  } catch {
    // Unreadable or refused storage: nothing picked.
  }
  const mine = pick?.account === getSession().user?.id && Array.isArray(pick?.languages);
  return mine ? (pick?.languages ?? []).filter((id) => typeof id === 'string') : [];
}

/** Keeps the languages picked for the signed-in account; the home asks again (see ThisMonthLanguages). */
export function pickLanguages(languages: string[]) {
  lastPick = { account: getSession().user?.id, languages };
  try {
    localStorage.setItem(PICKED_KEY, JSON.stringify(lastPick));
  } catch {
    // Refused storage: the pick holds until the page is left.
  }
}

/**
 * This month's edition of every book in the member's languages (or those picked with the switch), in the interface's
 * locale's language when they have no other; under the files' key, so an upload shows at once. The locale and the
 * pick are read as it asks: a change of either asks again. Each answer has this month's text kept on the device.
 */
export const thisMonthQuery = queryOptions({
  queryKey: [...filesQuery.queryKey, 'this-month'],
  queryFn: async ({ signal }) => {
    const languages = pickedLanguages();
    const query = { locale: portalLocale(), languages: languages.length > 0 ? languages.join(',') : undefined };
    const thisMonth = await api.get('/editions/this-month', { query, signal });
    // Today and the text view offline (decision 057): kept in the background, the home not waiting for it.
    void keepMonthText(thisMonth);
    return thisMonth;
  },
});
