/** PostgreSQL's SQLSTATE of a failed query; drizzle wraps driver errors, so look at the cause too. */
function sqlState(error: unknown): string | undefined {
  for (let current = error; current instanceof Error || (current && typeof current === 'object'); ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
    if (!current) break;
  }
  return undefined;
}

/** A full disk, or a quota reached: said by the file system (ENOSPC, EDQUOT) or by PostgreSQL (53100). */
export function isDiskFull(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  }
  return sqlState(error) === '53100';
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === '23503';
/** A table that is not there: its schema never made, or dropped. */
export const isUndefinedTable = (error: unknown) => sqlState(error) === '42P01';
