import { randomUUID } from 'node:crypto';

/** A stored file's key: a generated name. */
export const KEY = /^[\w-]+\.pdf$/;
export const newKey = () => `${randomUUID()}.pdf`;
