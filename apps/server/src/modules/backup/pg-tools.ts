import { spawn } from 'node:child_process';

/** A database URL safe to show and to pass on a command line. */
export function withoutPassword(databaseUrl: string) {
  const url = new URL(databaseUrl);
  url.password = '';
  return url.toString();
}

/**
 * Runs pg_dump or pg_restore on the database of `databaseUrl`. The password goes in PGPASSWORD, not on the
 * command line, where any user of the machine could read it in the process list.
 */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', databaseUrl: string, args: string[]): Promise<void> {
  const password = decodeURIComponent(new URL(databaseUrl).password);
  const env = password ? { ...process.env, PGPASSWORD: password } : process.env;
  const child = spawn(tool, [...args, `--dbname=${withoutPassword(databaseUrl)}`], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${tool} was not found: install PostgreSQL's client programs, of the server's version or newer (Debian and Ubuntu: apt-get install postgresql-client).`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) return resolve();
      // Its first error line says what went wrong (a version mismatch, a refused connection, a failed statement).
      const line = errors.split('\n').find((text) => text.includes('error:')) ?? errors.trim().split('\n')[0];
      reject(new Error(line || `${tool} stopped with exit code ${code}.`));
    });
  });
}
