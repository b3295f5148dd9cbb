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

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === '23503';
