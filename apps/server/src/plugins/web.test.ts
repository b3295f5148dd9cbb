import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { errorBody } from '../errors.ts';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))})`;
const PAGE = '<!doctype html><title>Portal</title><div id="root"></div>';
const THEME = `:root{--primary-color:#6366f1}${'.p-button{}'.repeat(400)}`;
const BOOT = `(function restoreLayout(){})(${JSON.stringify('x'.repeat(4000))});`;
const LANDING = '<!doctype html><title>Portal</title><div id="root"><h1>Welcome</h1></div>';

/** A built web app as the build leaves it: each text file beside its Brotli and gzip forms. */
async function writeBuild(webDist: string) {
  const files: Record<string, string> = {
    'index.html': PAGE,
    'en/dist/index.html': LANDING,
    'assets/index-abc123.js': SCRIPT,
    'themes/0a1b2c3d4e/lara-light-indigo/theme.css': THEME,
    'layout-boot.js': BOOT,
  };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(webDist, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
    await writeFile(`${file}.br`, brotliCompressSync(content));
    await writeFile(`${file}.gz`, gzipSync(content));
  }
}

describe('the built web app', () => {
  let app: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'portal-web-'));
    await writeBuild(webDist);
    app = await buildTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await app.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });

  it.each([
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
  ])(
    'sends a hashed asset in the form the build made for Accept-Encoding "%s", cached for a year',
    async (accepted, sent) => {
      const response = await get('/assets/index-abc123.js', { 'accept-encoding': accepted });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(sent);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The file as the build wrote it, not compressed again on the way out.
      const file = path.join(webDist, 'assets', `index-abc123.js.${sent === 'br' ? 'br' : 'gz'}`);
      expect(response.rawPayload.equals(await readFile(file))).toBe(true);
    },
  );

  // A theme's folder is named after its version (vite-plugins/prime-themes.ts): what is in it never changes.
  it.each([
    ['/themes/0a1b2c3d4e/lara-light-indigo/theme.css', 'public, max-age=31536000, immutable'],
    ['/layout-boot.js', 'no-cache'],
  ])('GET %s is sent with Cache-Control %s', async (url, cacheControl) => {
    const response = await get(url, { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(cacheControl);
  });

  it('sends the file itself to a client that takes no compression', async () => {
    const response = await get('/assets/index-abc123.js', {});
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(SCRIPT);
  });

  it.each([
    ['/', PAGE],
    ['/admin/church', PAGE],
    ['/no/such/page', PAGE],
    ['/en', PAGE],
    ['/en/dist', LANDING],
    ['/en/dist/', LANDING],
    ['/EN/Dist', LANDING],
    ['/en/dist?from=mail', LANDING],
  ])(
    'GET %s sends its page (index.html unless the build prerendered one), compressed, never cached',
    async (url, page) => {
      const response = await get(url, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
    },
  );

  // curl sends Accept: */*; health checks and link checkers often send no Accept at all.
  it.each([
    ['/', { accept: '*/*' }, PAGE],
    ['/', {}, PAGE],
    ['/admin/church', { accept: 'application/json' }, PAGE],
    ['/en/dist', {}, LANDING],
  ])('GET %s with %o gets the page', async (url, headers, page) => {
    const response = await get(url, headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toBe(page);
  });

  it('HEAD / answers 200 as an HTML page', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  it.each([
    ['/api/nope', MESSAGES.routeNotFound],
    ['/api', MESSAGES.routeNotFound],
    ['/assets/missing.js', MESSAGES.notFound],
    ['/favicon.ico', MESSAGES.notFound],
  ])('GET %s, whatever it accepts, stays a JSON 404', async (url, message) => {
    for (const accept of ['text/html', '*/*', undefined]) {
      const response = await get(url, accept ? { accept } : {});
      expect(response.statusCode, `${url} with ${accept}`).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual(errorBody(message));
    }
  });

  it('a POST to a page path is a JSON 404, not the page', async () => {
    const response = await app.inject({ method: 'POST', url: '/admin/church', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody(MESSAGES.notFound));
  });
});
