/** Paging, sorting and search of a table whose rows the server pages (DataTable's lazy mode). */
export interface ServerPage {
  first: number;
  rows: number;
  sortField: string;
  sortOrder: 1 | -1;
  search: string;
}

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
