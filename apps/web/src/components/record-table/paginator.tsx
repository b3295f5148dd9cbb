import type { TFunction } from 'i18next';
import { Dropdown } from 'primereact/dropdown';
import type { PaginatorTemplateOptions } from 'primereact/paginator';

const PAGE_REPORT_FIELDS = { first: '{first}', last: '{last}', totalRecords: '{totalRecords}' };

/**
 * The paging of every table, in the reader's language. PrimeReact names its rows-per-page dropdown "Jump to Page
 * Dropdown" from a copy of its English words that addLocale does not reach (decision 043); this one says what it
 * does, from the catalogue.
 */
export const paginatorProps = (t: TFunction) => ({
  paginatorTemplate: {
    layout: 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport RowsPerPageDropdown',
    RowsPerPageDropdown: (options) => (
      <Dropdown
        value={options.value}
        options={options.options}
        onChange={options.onChange}
        aria-label={t('table.rowsPerPage')}
      />
    ),
  } satisfies PaginatorTemplateOptions,
  // PrimeReact fills in its own {first}, {last} and {totalRecords}.
  currentPageReportTemplate: t('table.pageReport', PAGE_REPORT_FIELDS),
});
