import type { Church } from '@portal/contract';

/** The churches as a dropdown of the users screens offers them: the same name may exist in two countries. */
export const churchOptions = (churches: Church[] = []) =>
  churches.map((church) => ({ id: church.id, label: `${church.name} (${church.country})` }));
