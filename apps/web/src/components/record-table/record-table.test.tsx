import { screen, waitFor } from '@testing-library/react';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerPage } from '../../lib/resources/server-page.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { RecordTable } from './record-table.tsx';

interface Church {
  id: string;
  name: string;
}

const churches: Church[] = Array.from({ length: 12 }, (_, i) => ({
  id: `c${i + 1}`,
  name: `Church ${String(i + 1).padStart(2, '0')}`,
}));

/** The names in the table's rows, in order. (Queries by role are slow on a table this size: labels and text instead.) */
const names = () =>
  [...document.querySelectorAll('tr[data-pc-section="bodyrow"]')].map(
    (row) => /Church \d+/.exec(row.textContent ?? '')?.[0],
  );
const button = (name: string) => screen.getByLabelText(name, { selector: 'button' });
/** The selection checkbox of the row that names the church. */
const checkbox = (church: string) => {
  const row = [...document.querySelectorAll('tr[data-pc-section="bodyrow"]')].find((tr) =>
    tr.textContent?.includes(church),
  );
  const input = row?.querySelector('input[type="checkbox"]');
  if (!(input instanceof HTMLInputElement)) throw new Error(`no row of ${church}`);
  return input;
};
const search = () => screen.getByLabelText('Search churches');

function table(props: Partial<Parameters<typeof RecordTable<Church>>[0]> = {}) {
  return (
    <RecordTable<Church>
      label="Churches"
      value={churches}
      loading={false}
      emptyMessage="No churches yet"
      rowLabel={(row) => row.name}
      labelField="name"
      globalFilterFields={['name']}
      {...props}
    >
      {props.children ?? <Column field="name" header="Name" sortable />}
    </RecordTable>
  );
}

afterEach(() => vi.useRealTimers());

describe('RecordTable paged in the browser', () => {
  it('shows five rows a page and turns pages', async () => {
    const { user } = renderWithApp(table());
    expect(names()).toEqual(['Church 01', 'Church 02', 'Church 03', 'Church 04', 'Church 05']);
    expect(screen.getByText('1 to 5 of 12')).toBeTruthy();
    await user.click(button('Next Page'));
    expect(names()[0]).toBe('Church 06');
    expect(screen.getByText('6 to 10 of 12')).toBeTruthy();
    await user.click(button('Last Page'));
    expect(names()).toEqual(['Church 11', 'Church 12']);
  });

  it('shows more rows a page when asked', async () => {
    const { user } = renderWithApp(table());
    await user.click(document.querySelector('.p-paginator .p-dropdown') as HTMLElement);
    await user.click(await screen.findByLabelText('25'));
    expect(names()).toHaveLength(12);
  });

  it('searches, from the first page', async () => {
    const { user } = renderWithApp(table());
    await user.click(button('Next Page'));
    await user.click(search());
    await user.paste('Church');
    // Every row still matches: the search alone brings the first page back.
    await waitFor(() => expect(screen.getByText('1 to 5 of 12')).toBeTruthy());
    await user.paste(' 1');
    await waitFor(() => expect(names()).toEqual(['Church 10', 'Church 11', 'Church 12']));
  });

  it('says what to do when there are no rows', () => {
    renderWithApp(table({ value: [] }));
    expect(screen.getByText('No churches yet')).toBeTruthy();
  });
});

describe('RecordTable selection and delete', () => {
  const deletion = (refuse: string[] = []) => ({
    run: vi.fn(async (rows: Church[]) => ({
      deleted: rows.filter((row) => !refuse.includes(row.id)),
      refused: rows.filter((row) => refuse.includes(row.id)).map((row) => ({ row, message: 'In use' })),
    })),
    done: 'Churches deleted',
    question: (count: number) => `Delete the ${count} selected churches?`,
  });

  it('deletes the selected rows after asking, and keeps those refused selected', async () => {
    const onDelete = deletion(['c2']);
    const { user } = renderWithApp(table({ onDelete }));
    const deleteSelected = button('Delete');
    expect(deleteSelected.hasAttribute('disabled')).toBe(true);
    await user.click(checkbox('Church 01'));
    await user.click(checkbox('Church 02'));
    expect(deleteSelected.hasAttribute('disabled')).toBe(false);
    await user.click(deleteSelected);
    expect(await screen.findByText('Delete the 2 selected churches?')).toBeTruthy();
    await user.click(button('Yes'));
    await waitFor(() => expect(onDelete.run).toHaveBeenCalledOnce());
    expect(onDelete.run.mock.calls[0]?.[0].map((row) => row.id)).toEqual(['c1', 'c2']);
    expect(await screen.findByText('Partly deleted')).toBeTruthy();
    // The refused row stays selected, ready to try again.
    await waitFor(() => expect(checkbox('Church 01')).toHaveProperty('checked', false));
    expect(checkbox('Church 02')).toHaveProperty('checked', true);
  });

  it('asks about one row by its name, and deletes nothing when told no', async () => {
    const onDelete = deletion();
    const { user } = renderWithApp(table({ onDelete }));
    await user.click(button('Delete Church 03'));
    expect(await screen.findByText('Are you sure you want to delete Church 03?')).toBeTruthy();
    await user.click(button('No'));
    expect(onDelete.run).not.toHaveBeenCalled();
  });

  it('hands the selected rows to the page’s own actions, which can clear the selection', async () => {
    const selectionActions = vi.fn((selected: Church[], clear: () => void) => (
      <button type="button" onClick={clear}>
        {`Move ${selected.length}`}
      </button>
    ));
    const { user } = renderWithApp(table({ selectionActions }));
    await user.click(checkbox('Church 04'));
    expect(selectionActions).toHaveBeenLastCalledWith([churches[3]], expect.any(Function));
    await user.click(screen.getByText('Move 1'));
    expect(screen.getByText('Move 0')).toBeTruthy();
    expect(checkbox('Church 04').checked).toBe(false);
  });
});

describe('RecordTable paged on the server', () => {
  const page: ServerPage = { first: 0, rows: 5, sortField: 'name', sortOrder: 1, search: '' };

  it('asks for the next page, a new sort from the first page, and a search once typing pauses', async () => {
    const onChange = vi.fn();
    const { user } = renderWithApp(
      table({ value: churches.slice(0, 5), serverPage: { total: 12, page: { ...page, first: 5 }, onChange } }),
    );
    expect(screen.getByText('6 to 10 of 12')).toBeTruthy();
    await user.click(button('Next Page'));
    expect(onChange).toHaveBeenLastCalledWith({ ...page, first: 10 });
    await user.click(screen.getByText('Name', { selector: 'th span' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...page, first: 0, sortOrder: -1 });
    onChange.mockClear();
    await user.click(search());
    await user.paste('grace');
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledOnce());
    expect(onChange).toHaveBeenCalledWith({ ...page, first: 0, search: 'grace' });
  });
});

describe('RecordTable cells', () => {
  it('follow what their template reads besides the row, such as a set that arrives after the rows', async () => {
    function Flagged() {
      const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
      return (
        <>
          <button type="button" aria-label="Flag" onClick={() => setMissing(new Set(['c2']))} />
          {table({
            children: (
              <Column
                header="Name"
                body={(row: Church) => <span>{`${row.name}${missing.has(row.id) ? ' (missing)' : ''}`}</span>}
              />
            ),
          })}
        </>
      );
    }
    const { user } = renderWithApp(<Flagged />);
    expect(screen.queryByText('Church 02 (missing)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Flag' }));
    expect(screen.getByText('Church 02 (missing)')).toBeTruthy();
  });
});
