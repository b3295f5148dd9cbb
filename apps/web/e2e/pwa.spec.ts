import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { LOCALES } from '@portal/contract';
import { expect, test } from './fixtures.ts';
import { catalogue } from './support/catalogue.ts';
import { CHROMIUM_ARGS, findChromium } from './support/chromium.ts';
import { startFreshPortal } from './support/fresh-portal.ts';
import { openLanding } from './support/landing.ts';
import { underServiceWorker } from './support/service-worker.ts';
import { createAccount, E2E_ADMIN, signInAs, signInThroughDialog } from './support/session.ts';

const PWA = catalogue('en').pwa;

/** The build the shared end-to-end server serves (playwright.config.ts). */
const builtDist = path.resolve(process.env.WEB_DIST ?? path.join(import.meta.dirname, '../dist'));

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(png: Buffer) {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

test('the portal can be installed: a manifest with its icons and a service worker', async ({ baseURL }) => {
  // Chromium installs nothing from an incognito profile, which is what Playwright's contexts are: a profile on disk.
  const profile = await mkdtemp(path.join(os.tmpdir(), 'portal-e2e-pwa-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
    baseURL,
  });
  const page = await context.newPage();
  await signInAs(page, 'User');
  await page.goto('/en/dist');
  await underServiceWorker(page);

  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  const { url, errors, data } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  expect(new URL(url).pathname).toBe('/manifest-en.webmanifest');
  const manifest = JSON.parse(data ?? '{}') as { icons: { src: string; sizes: string; purpose?: string }[] };
  expect(manifest).toMatchObject({
    name: 'Teen Devotional Portal',
    short_name: 'Devotionals',
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });
  expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose ?? 'any'}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  for (const { src, sizes } of [...manifest.icons, { src: touchIcon ?? '', sizes: '180x180' }]) {
    const response = await page.request.get(src);
    expect(response.headers()['content-type']).toBe('image/png');
    expect(pngSize(await response.body()), src).toBe(sizes);
  }
  await context.close();
  await rm(profile, { recursive: true, force: true });
});

test("each locale's pages link the installed app's manifest in that language", async ({ page, request }) => {
  for (const locale of LOCALES) {
    const words = catalogue(locale).installedApp;
    const html = await (await request.get(`/${locale}/dist`)).text();
    const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
    expect(href, locale).toBe(`/manifest-${locale}.webmanifest`);
    const manifest = await (await request.get(href ?? '')).json();
    expect(manifest).toMatchObject({
      lang: locale,
      name: words.name,
      short_name: words.shortName,
      description: words.description,
      id: '/',
      start_url: '/',
    });
  }
  // The words differ: each manifest is in its own language, not five copies of the English one.
  expect(new Set(LOCALES.map((locale) => catalogue(locale).installedApp.description)).size).toBe(LOCALES.length);

  // A signed-in screen, drawn from index.html (its manifest English), links the member's language's once it runs.
  await signInAs(page, 'User');
  await page.addInitScript(() => localStorage.setItem('portal.locale', 'sw'));
  await page.goto('/user/profile');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest-sw.webmanifest');
});

test("the browser's bar takes the colour of the theme's top bar", async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem('layout-settings', JSON.stringify({ theme: 'lara-dark-indigo' })),
  );
  await openLanding(page);
  // lara-dark-indigo's --surface-card.
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1f2937');
});

test("a visitor's browser is sent no service worker (nor the app it keeps) until someone signs in there", async ({
  page,
}) => {
  const registrations = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
  await openLanding(page);
  await page.waitForLoadState('networkidle');
  expect(await registrations()).toBe(0);
  const account = await createAccount(page.request, 'User');
  await page.goto('/en/login');
  await signInThroughDialog(page, account.email, account.password);
  await expect.poll(registrations).toBe(1);
});

test('offline, the app shell still opens the landing page and a client route', async ({ page, context }) => {
  await signInAs(page, 'User');
  await page.goto('/en/dist');
  await underServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  // A member's landing page is their download panel.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalogue('en').downloads.panel.title);
  await expect(page.getByText(catalogue('en').offline.notice)).toBeVisible();
  await page.goto('/user/profile');
  await expect(page).toHaveURL('/user/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test.describe('a new version', () => {
  let dist = '';
  let fresh: Awaited<ReturnType<typeof startFreshPortal>> | undefined;
  let portal = '';

  // A portal of its own, serving a copy of the build that the test can change as a deployment would.
  test.beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'portal-e2e-pwa-dist-'));
    await cp(builtDist, dist, { recursive: true });
    fresh = await startFreshPortal({ WEB_DIST: dist });
    portal = fresh.url;
  });

  test.afterAll(async () => {
    await fresh?.stop();
    await rm(dist, { recursive: true, force: true });
  });

  test('is offered, waits while dismissed, and takes over on Reload', async ({ page }) => {
    // A first start migrates and seeds a new database.
    test.setTimeout(90_000);
    await page.goto(`${portal}/en/login`);
    await signInThroughDialog(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(`${portal}/`);
    await underServiceWorker(page);

    // The deployment: a service worker that differs, and answers which version it is.
    await rm(path.join(dist, 'sw.js.br'), { force: true });
    await rm(path.join(dist, 'sw.js.gz'), { force: true });
    await appendFile(
      path.join(dist, 'sw.js'),
      "\nself.addEventListener('message', (event) => event.data === 'version' && event.ports[0].postMessage(2));\n",
    );
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });

    const prompt = page.getByRole('status').filter({ hasText: PWA.updateReady });
    await expect(prompt.getByText(PWA.updateReady)).toBeVisible();
    await prompt.getByRole('button', { name: PWA.later }).click();
    await expect(prompt).toHaveCount(0);
    // Still waiting: the next visit offers it again.
    await page.reload();
    await expect(prompt.getByText(PWA.updateReady)).toBeVisible();

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: PWA.reload }).click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(prompt).toHaveCount(0);
    const version = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event) => resolve(event.data);
          navigator.serviceWorker.controller?.postMessage('version', [channel.port2]);
        }),
    );
    expect(version).toBe(2);
  });
});
