/** Paging, sorting and search of a table whose rows the server pages (DataTable's lazy mode). */
export interface ServerPage {
  first: number;
  rows: number;
  sortField: string;
  sortOrder: 1 | -1;
  search: string;
}

/** A server-paged table's page as the query of its list endpoint, with any filters of its own (null or empty: none). */
export const serverPageSearch = <Filters extends string>(page: ServerPage, filters: Record<Filters, string | null>) => {
  const query: Record<string, string | undefined> = {
    first: String(page.first),
    rows: String(page.rows),
    search: page.search,
    sortField: page.sortField,
    sortOrder: String(page.sortOrder),
  };
  for (const [name, value] of Object.entries<string | null>(filters)) query[name] = value || undefined;
  return query as Record<'first' | 'rows' | 'search' | 'sortField' | 'sortOrder' | Filters, string | undefined>;
};
