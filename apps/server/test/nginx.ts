import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Whether Debian's nginx (apt-get install nginx-light) is on this machine. */
export const nginxInstalled = spawnSync('nginx', ['-v']).status === 0;

const shippedConfigFile = path.resolve(import.meta.dirname, '../../../docs/nginx.conf');

/**
 * The shipped docs/nginx.conf with this machine's ports and files folder: the very file operators copy,
 * with only the lines it marks "yours" changed. Fails when a line it changes is gone.
 */
export async function shippedNginxConfig({ portal, listen, files }: { portal: number; listen: number; files: string }) {
  let config = await readFile(shippedConfigFile, 'utf8');
  const replacements: [string, string][] = [
    ['server 127.0.0.1:4000;', `server 127.0.0.1:${portal};`],
    ['listen 80;', `listen 127.0.0.1:${listen};`],
    ['alias /srv/portal/data/files/;', `alias ${files}/;`],
  ];
  for (const [from, to] of replacements) {
    if (!config.includes(from)) throw new Error(`docs/nginx.conf no longer has "${from}"`);
    config = config.replace(from, to);
  }
  return config;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGQUIT');
  await exited;
}

/**
 * nginx in the foreground with everything in a temporary folder, `http` inside its http block; up once a HEAD
 * of `readyUrl` answers.
 */
export async function startNginx(http: string, readyUrl: string) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-nginx-'));
  await writeFile(
    path.join(folder, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes auto;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path ${folder}/client-body;
    proxy_temp_path ${folder}/proxy;
    fastcgi_temp_path ${folder}/fastcgi;
    uwsgi_temp_path ${folder}/uwsgi;
    scgi_temp_path ${folder}/scgi;
${http}
}
`,
  );
  const child = spawn(
    'nginx',
    ['-p', folder, '-c', path.join(folder, 'nginx.conf'), '-e', path.join(folder, 'error.log')],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const stopAndClean = async () => {
    await stop(child);
    await rm(folder, { recursive: true, force: true });
  };
  for (let attempt = 0; ; attempt++) {
    const up = await fetch(readyUrl, { method: 'HEAD' }).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (attempt === 100 || child.exitCode !== null) {
      const log = await readFile(path.join(folder, 'error.log'), 'utf8').catch(() => '');
      await stopAndClean();
      throw new Error(`nginx did not start: ${log}`);
    }
    await sleep(100);
  }
  return { process: child, stop: stopAndClean };
}
