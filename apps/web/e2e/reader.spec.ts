import type { Locator, Page } from '@playwright/test';
import { type FileRecord, type MyCounts, monthName } from '@portal/contract';
import { makeEditionPdf, makePhotoPdf } from '../../server/test/files.ts';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { choose } from './support/dropdown.ts';
import { EDITION_YEAR, ensureLanguage, uploadThroughApi } from './support/editions.ts';
import { bearerOf, signInAs } from './support/session.ts';

const PAGES = 10;
const EDITION_BYTES = 20 * 1024 * 1024;

let made = 0;

/** A 20 MB, ten-page edition in a language of its own (so nothing else the shared server holds mixes in). */
async function uploadEdition(page: Page) {
  made += 1;
  const language = `Reader ${Date.now()}-${made}`;
  await ensureLanguage(page.request, language);
  const pdf = makeEditionPdf({ pages: PAGES, bytes: EDITION_BYTES, title: `Teevo ${language}` });
  const month = 1 + (made % 12);
  const edition = await uploadThroughApi(page.request, month, pdf, 'Teevo', { language, year: EDITION_YEAR });
  return { edition, month, size: pdf.length };
}

/** The bytes of the edition's PDF the page has received, counted as each answer ends; `settled()` waits for the counts. */
function bytesReceived(page: Page, edition: FileRecord) {
  const received = { bytes: 0, requests: 0 };
  const counting: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (!new URL(request.url()).pathname.startsWith(`/api/files/${edition._id}/download`)) return;
    counting.push(
      request.sizes().then(({ responseBodySize }) => {
        received.requests += 1;
        received.bytes += responseBodySize;
      }),
    );
  });
  return {
    settled: async () => {
      await Promise.all(counting);
      return received;
    },
  };
}

/** The reader's canvas once it has drawn that page. */
const drawnPage = (page: Page, number: number) => page.locator(`canvas.reader-page[data-drawn="${number}"]`);

test('an edition opens in the reader at page one before the file has arrived, counted as one download', async ({
  page,
}) => {
  const { edition, size } = await uploadEdition(page);
  const member = await signInAs(page, 'User');
  const received = bytesReceived(page, edition);

  await page.goto(`/user/read/${edition._id}`);
  await expect(drawnPage(page, 1)).toBeVisible();
  await expect(page.getByRole('img', { name: `Page 1 of ${PAGES}` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(edition.book_language);
  // Page one's words and photo, the file's end (where its table is), nothing like the whole file.
  const { bytes } = await received.settled();
  expect(bytes).toBeGreaterThan(0);
  expect(bytes).toBeLessThan(size / 4);

  // Its many range requests are one download of the member's.
  await expect
    .poll(async () => {
      const answer = await page.request.get('/api/transaction/myDownloadCounts', {
        headers: await bearerOf(page.request, member),
      });
      return ((await answer.json()) as MyCounts).total;
    })
    .toBe(1);
  expect((await received.settled()).requests).toBeGreaterThan(1);
});

test('pages turn with the buttons, the keys and the page number; night mode and the last page are remembered', async ({
  page,
}) => {
  const { edition } = await uploadEdition(page);
  await signInAs(page, 'User');
  await page.goto(`/user/read/${edition._id}`);
  await expect(drawnPage(page, 1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(drawnPage(page, 2)).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(drawnPage(page, 3)).toBeVisible();
  await page.getByLabel('Page', { exact: true }).fill('8');
  await page.getByLabel('Page', { exact: true }).press('Enter');
  await expect(drawnPage(page, 8)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(drawnPage(page, 7)).toBeVisible();
  await page.keyboard.press('End');
  await expect(drawnPage(page, PAGES)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await page.getByLabel('Page', { exact: true }).fill('6');
  await page.getByLabel('Page', { exact: true }).press('Enter');
  await expect(drawnPage(page, 6)).toBeVisible();

  // Zoom draws the page wider than the reader; fitting brings it back.
  const widthOf = () => drawnPage(page, 6).evaluate((canvas) => canvas.getBoundingClientRect().width);
  const fitted = await widthOf();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(widthOf).toBeGreaterThan(fitted * 1.2);
  await page.getByRole('button', { name: 'Fit to width' }).click();
  await expect.poll(widthOf).toBeCloseTo(fitted, 0);

  const night = page.getByRole('button', { name: 'Night mode' });
  await night.click();
  await expect(night).toHaveAttribute('aria-pressed', 'true');
  await expect(drawnPage(page, 6)).toHaveCSS('filter', /invert/);

  await page.reload();
  await expect(drawnPage(page, 6)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Night mode' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Page', { exact: true })).toHaveValue('6');
});

/** The colours seen at points of an element, given as shares of its width and height: a screenshot's pixels. */
async function coloursAt(page: Page, element: Locator, points: [number, number][]) {
  const png = (await element.screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, points }) => {
      const bytes = Uint8Array.from(atob(png), (char) => char.charCodeAt(0));
      const picture = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const context = new OffscreenCanvas(picture.width, picture.height).getContext(
        '2d',
      ) as OffscreenCanvasRenderingContext2D;
      context.drawImage(picture, 0, 0);
      return points.map(([x, y]) => [
        ...context.getImageData(Math.floor(x * picture.width), Math.floor(y * picture.height), 1, 1).data.slice(0, 3),
      ]);
    },
    { png, points },
  );
}

const SKY = [135, 206, 235];
const GROUND = [230, 120, 30];

test('night mode darkens the paper and lightens the ink, and leaves a photo’s colours as they are', async ({
  page,
}) => {
  made += 1;
  const language = `Night ${Date.now()}-${made}`;
  await ensureLanguage(page.request, language);
  const pdf = makePhotoPdf('A page with a photo', [SKY, GROUND]);
  const edition = await uploadThroughApi(page.request, 1, pdf, 'Teevo', { language, year: EDITION_YEAR });
  await signInAs(page, 'User');
  await page.goto(`/user/read/${edition._id}`);
  await expect(drawnPage(page, 1)).toBeVisible();

  // The photo fills 106 to 506 of the page's 612 points across, 392 to 692 of its 792 down: sky over ground.
  const points: [number, number][] = [
    [306 / 612, 467 / 792],
    [306 / 612, 617 / 792],
    [40 / 612, 300 / 792],
  ];
  const close = (seen: number[] = [], wanted: number[]) =>
    seen.every((value, at) => Math.abs(value - (wanted[at] ?? 0)) <= 4);
  /** The photo's two colours as they were drawn, and whether the paper is light or dark, as seen on the screen. */
  const seen = async () => {
    const [sky, ground, paper = []] = await coloursAt(page, drawnPage(page, 1), points);
    const paperIs = Math.min(...paper) > 240 ? 'light' : Math.max(...paper) < 60 ? 'dark' : String(paper);
    return { sky: close(sky, SKY) || String(sky), ground: close(ground, GROUND) || String(ground), paper: paperIs };
  };
  expect(await seen()).toEqual({ sky: true, ground: true, paper: 'light' });

  await page.getByRole('button', { name: 'Night mode' }).click();
  await expect.poll(seen).toEqual({ sky: true, ground: true, paper: 'dark' });
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(seen).toEqual({ sky: true, ground: true, paper: 'dark' });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("the download panel's Read opens the chosen edition in the reader", async ({ page }) => {
  const { edition, month } = await uploadEdition(page);
  await signInAs(page, 'User');
  await page.goto('/user/download');
  await choose(page, 'download-year', String(EDITION_YEAR));
  await choose(page, 'download-month', monthName(month));
  await choose(page, 'download-language', edition.book_language);
  await page.getByRole('button', { name: 'Read', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/user/read/${edition._id}$`));
  await expect(drawnPage(page, 1)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  for (const theme of ['lara-light-indigo', 'lara-dark-indigo']) {
    test(`the card's Read opens the reader, a swipe turns the page, and it fits (${theme})`, async ({ page }) => {
      await page.addInitScript((stored) => localStorage.setItem('layout-settings', stored), JSON.stringify({ theme }));
      const { edition } = await uploadEdition(page);
      await signInAs(page, 'User');
      // Reading it makes its language the member's (their downloads' language): their home then shows it.
      await page.goto(`/user/read/${edition._id}`);
      await expect(drawnPage(page, 1)).toBeVisible();
      await page.getByRole('link', { name: 'Back to my editions' }).click();
      await page
        .getByRole('link', { name: `Read Teevo in ${edition.book_language}`, exact: false })
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`/user/read/${edition._id}$`));
      await expect(drawnPage(page, 1)).toBeVisible();

      const view = page.locator('.reader-view');
      const box = await view.boundingBox();
      if (!box) throw new Error('the reader has no box');
      const swipe = async (fromX: number, toX: number) => {
        const y = box.y + 100;
        await view.dispatchEvent('pointerdown', { pointerType: 'touch', clientX: fromX, clientY: y, isPrimary: true });
        await view.dispatchEvent('pointerup', { pointerType: 'touch', clientX: toX, clientY: y + 10, isPrimary: true });
      };
      await swipe(box.x + box.width - 20, box.x + 20);
      await expect(drawnPage(page, 2)).toBeVisible();
      await swipe(box.x + 20, box.x + box.width - 20);
      await expect(drawnPage(page, 1)).toBeVisible();

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const small = await page
        .locator('.reader')
        .locator('button, a')
        .evaluateAll((controls) =>
          controls.filter((control) => control.getBoundingClientRect().height < 44).map((control) => control.outerHTML),
        );
      expect(small).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
