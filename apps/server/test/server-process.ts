import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** The portal's entry point, as `npm start` runs it. */
export const serverScript = path.resolve(import.meta.dirname, '../src/server.ts');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** The embedded database on dataDir, also when the suite runs on PostgreSQL (DATABASE_URL set). */
export const embeddedEnvironment = (dataDir: string, port: number, settings: Record<string, string> = {}) => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL')),
  DATA_DIR: dataDir,
  PORT: String(port),
  LOG_LEVEL: 'warn',
  ...settings,
});

/** Starts the portal (from its sources, or `script`) and resolves once it listens (its banner printed). */
export function startServer(environment: NodeJS.ProcessEnv, script = serverScript): Promise<ChildProcess> {
  const child = spawn(process.execPath, [script], { env: environment });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) resolve(child);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

/** Kills the process at once, as a crash or a power cut would, and resolves once it is gone. */
export function killNow(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  return gone;
}
