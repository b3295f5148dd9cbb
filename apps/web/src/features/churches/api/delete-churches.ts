import type { Church } from '@portal/contract';
import { useDeleteRecords } from '../../../components/record-table/use-delete-records.ts';

/** Deletes the given churches; their members stay, without a church. */
export const useDeleteChurches = () => useDeleteRecords<Church>('churches', (church) => `/church/delete/${church.id}`);
