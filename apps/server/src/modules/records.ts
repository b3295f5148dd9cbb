import type { CodedMessage } from '@portal/contract';
import { isUniqueViolation } from '../db/errors.ts';
import { Conflict } from '../errors.ts';

/** The wire identity and timestamps of a back-office record (see the contract's recordSchema). */
export const recordView = (row: { id: string; createdAt: Date; updatedAt: Date }) => ({
  id: row.id,
  _id: row.id,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Runs a write that a unique key guards. Services check for duplicates first to answer clearly;
 * this catches the one that slipped in between (a concurrent request) with the same 409.
 */
export async function orConflict<T>(write: PromiseLike<T>, message: string | CodedMessage): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(message);
    throw error;
  }
}
