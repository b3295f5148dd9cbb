import type { TFunction } from 'i18next';
import type { ToastMessage } from 'primereact/toast';
import type { DeleteOutcome } from '../../lib/resources/delete-records.ts';
import { TOAST_LIFE } from '../../lib/toast.tsx';

/** One toast for a whole delete: `done` when every row went, otherwise which went and why the others stayed. */
export function deleteSummary<Row extends { id: string }>(
  { deleted, refused }: DeleteOutcome<Row>,
  rowLabel: (row: Row) => string,
  done: string,
  t: TFunction,
): ToastMessage {
  if (refused.length === 0) return { severity: 'success', summary: t('common.success'), detail: done };
  return {
    severity: deleted.length > 0 ? 'warn' : 'error',
    summary: deleted.length > 0 ? t('table.partlyDeleted') : t('table.notDeleted'),
    life: TOAST_LIFE.long,
    detail: (
      <>
        {deleted.length > 0 && <p className="mt-0">{t('table.deleted', { rows: deleted.map(rowLabel).join(', ') })}</p>}
        <ul className="m-0 pl-3">
          {refused.map(({ row, message }) => (
            <li key={row.id}>
              {rowLabel(row)}: {message}
            </li>
          ))}
        </ul>
      </>
    ),
  };
}
