import type { ServerPage } from '../../components/record-table/record-table.tsx';

/** A server-paged table's page as the query string of its list endpoint, with any filters of its own. */
export const serverPageSearch = (page: ServerPage, filters: Record<string, string | null> = {}) => {
  const search = new URLSearchParams({
    first: String(page.first),
    rows: String(page.rows),
    search: page.search,
    sortField: page.sortField,
    sortOrder: String(page.sortOrder),
  });
  for (const [name, value] of Object.entries(filters)) if (value) search.set(name, value);
  return search;
};
