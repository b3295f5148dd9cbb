import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { MONTHS, STATS_MESSAGES } from '@portal/contract';
import { makePdf } from '../../server/test/files.ts';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { say } from './support/catalogue.ts';
import { bearerOf, createAccount, signInAs } from './support/session.ts';

let made = 0;

/** Publishes this month's edition of a book in a language, as the Super Admin; answers the file's id. */
async function publish(request: APIRequestContext, headers: Record<string, string>, book: string, language: string) {
  const now = new Date();
  const response = await request.post('/api/files/uploadfile', {
    headers,
    multipart: {
      book,
      language,
      year: String(now.getFullYear()),
      month: MONTHS[now.getMonth()] as string,
      file: { name: `${book}.pdf`, mimeType: 'application/pdf', buffer: makePdf(`${book} ${language}`) },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * Two new books and two new languages, so that no other test's downloads mix in: in book one Lingala has 3
 * downloads and Tswana 1, in book two Lingala has 2; each made today by a User of its own (one account's
 * repeated downloads of an edition count once).
 */
async function makeDownloads(request: APIRequestContext) {
  made += 1;
  const name = (prefix: string) => `${prefix} ${Date.now()}-${made}`;
  const [lingala, tswana, bookOne, bookTwo] = [name('Lingala'), name('Tswana'), name('Book one'), name('Book two')];
  const admin = await bearerOf(request);
  for (const language of [lingala, tswana]) {
    const created = await request.post('/api/languages/create', { headers: admin, data: { name: language } });
    expect(created.status()).toBe(201);
  }
  for (const book of [bookOne, bookTwo]) {
    expect((await request.post('/api/books', { headers: admin, data: { name: book } })).status()).toBe(201);
  }
  const oneLingala = await publish(request, admin, bookOne, lingala);
  const oneTswana = await publish(request, admin, bookOne, tswana);
  const twoLingala = await publish(request, admin, bookTwo, lingala);
  for (const id of [oneLingala, oneLingala, oneLingala, oneTswana, twoLingala, twoLingala]) {
    const user = await bearerOf(request, await createAccount(request, 'User'));
    expect((await request.get(`/api/files/download/${id}`, { headers: user })).status()).toBe(200);
  }
  return { lingala, tswana, bookOne, bookTwo };
}

const table = (page: Page) => page.getByRole('table', { name: 'Downloads per language' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const chart = (page: Page, title: string) => page.getByRole('img', { name: new RegExp(`^${title} of downloads`) });

async function chooseBook(page: Page, book: string) {
  await page.getByLabel('Book', { exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.locator('.p-dropdown-panel').getByRole('option', { name: book }).click();
  await page.getByRole('button', { name: 'Search' }).click();
}

async function chooseRange(page: Page, start: string, end: string) {
  await page.getByLabel('Start date').fill(start);
  await page.getByLabel('End date').fill(end);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Search' }).click();
}

test('an Admin sees downloads per language in the figures, the table, the charts and the CSV export', async ({
  page,
}) => {
  const { lingala, tswana, bookOne } = await makeDownloads(page.request);
  await signInAs(page, 'Admin');
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await chooseBook(page, bookOne);

  await expect(bodyRows(page)).toHaveText([`${lingala}3`, `${tswana}1`]);
  await expect(page.getByTestId('figure-inRange')).toHaveText('4');
  await expect(page.getByTestId('figure-activeUsers')).toHaveText('4');
  await expect(page.getByTestId('figure-topLanguage')).toHaveText(`${lingala} (3)`);
  for (const title of ['Line chart', 'Bar chart', 'Doughnut chart']) {
    await expect(chart(page, title)).toHaveAccessibleName(
      `${title} of downloads per language: ${lingala} 3, ${tswana} 1`,
    );
    await expect(chart(page, title)).toBeVisible();
  }

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(
    /^downloads-by-language_Book-one-[\d-]+_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const lines = (await readFile((await csv.path()) as string, 'utf8')).trimEnd().split('\n');
  const shown = await bodyRows(page).evaluateAll((rows) =>
    rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent).join(',')),
  );
  expect(lines).toEqual(['\uFEFFlanguage,count', ...shown]);
  expect(shown).toEqual([`${lingala},3`, `${tswana},1`]);

  const pngDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export the bar chart as PNG' }).click();
  const png = await readFile((await (await pngDownload).path()) as string);
  expect(png.subarray(1, 4).toString()).toBe('PNG');
});

test('the book and the range change the figures', async ({ page }) => {
  const { lingala, bookOne, bookTwo } = await makeDownloads(page.request);
  await signInAs(page, 'Admin');
  await page.goto('/');
  await chooseBook(page, bookOne);
  await expect(bodyRows(page)).toHaveCount(2);

  await chooseBook(page, bookTwo);
  await expect(bodyRows(page)).toHaveText([`${lingala}2`]);
  await expect(chart(page, 'Bar chart')).toHaveAccessibleName(`Bar chart of downloads per language: ${lingala} 2`);
  await expect(page.getByTestId('figure-inRange')).toHaveText('2');

  await chooseRange(page, '2023-01-01', '2023-01-31');
  await expect(bodyRows(page)).toHaveText([STATS_MESSAGES.noLanguage]);
  await expect(chart(page, 'Bar chart')).toHaveAccessibleName('Bar chart of downloads per language: no downloads');
  await expect(page.getByTestId('figure-inRange')).toHaveText('0');
});

test('an end date before the start date is said under the end date, and nothing is asked of the server', async ({
  page,
}) => {
  // axe reads the whole dashboard.
  test.setTimeout(90_000);
  const { lingala, bookOne } = await makeDownloads(page.request);
  await signInAs(page, 'Admin');
  await page.goto('/admin/dashboard');
  await chooseBook(page, bookOne);
  await expect(bodyRows(page)).toHaveCount(2);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) asked.push(request.url());
  });

  await chooseRange(page, '2023-02-01', '2023-01-01');
  const endDate = page.getByLabel('End date');
  await expect(endDate).toHaveAccessibleDescription(STATS_MESSAGES.startAfterEnd);
  await expect(endDate).toHaveAttribute('aria-invalid', 'true');
  // The switch searches too: checked by the same rule.
  await page.getByLabel('Include staff downloads').check();
  await page.waitForTimeout(500);
  expect(asked).toEqual([]);
  await expect(bodyRows(page).first()).toHaveText(`${lingala}3`);
  expect(await seriousViolations(page)).toEqual([]);

  await chooseRange(page, '2023-01-01', '2023-02-01');
  await expect(page.getByText(STATS_MESSAGES.startAfterEnd)).toHaveCount(0);
  await expect(bodyRows(page)).toHaveText([STATS_MESSAGES.noLanguage]);
  expect(asked.some((url) => url.includes('start=2023-01-01&end=2023-02-01'))).toBe(true);
});

test('an Admin’s download from the File List is left out of the statistics; the staff switch counts it, the CSV too', async ({
  page,
}) => {
  const { lingala, tswana, bookOne } = await makeDownloads(page.request);
  await signInAs(page, 'Admin');
  await page.goto('/admin/file-list');
  await page.getByLabel('Search files').fill(lingala);
  const download = page.waitForEvent('download');
  const file = page.getByRole('row').filter({ hasText: bookOne }).filter({ hasText: lingala });
  await file.getByRole('button', { name: /^Download / }).click();
  // Its last byte is sent once the download is recorded.
  await (await download).path();

  await page.goto('/admin/dashboard');
  await chooseBook(page, bookOne);
  await expect(bodyRows(page)).toHaveText([`${lingala}3`, `${tswana}1`]);
  await expect(page.getByTestId('figure-inRange')).toHaveText('4');
  await expect(page.getByTestId('figure-activeUsers')).toHaveText('4');

  await page.getByLabel('Include staff downloads').check();
  await expect(bodyRows(page)).toHaveText([`${lingala}4`, `${tswana}1`]);
  await expect(page.getByTestId('figure-inRange')).toHaveText('5');
  await expect(page.getByTestId('figure-activeUsers')).toHaveText('5');
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/_with-staff\.csv$/);
  expect(await readFile((await csv.path()) as string, 'utf8')).toBe(
    `\uFEFFlanguage,count\n${lingala},4\n${tswana},1\n`,
  );

  await page.getByLabel('Include staff downloads').uncheck();
  await expect(bodyRows(page)).toHaveText([`${lingala}3`, `${tswana}1`]);
});

// Where numbers take a decimal comma, a spreadsheet splits CSV files at semicolons; elsewhere at commas.
for (const [locale, separator] of [
  ['fr', ';'],
  ['sw', ','],
] as const) {
  test(`the CSV export in ${locale} opens in columns: UTF-8 marked, split by "${separator}"`, async ({ page }) => {
    const { lingala, tswana, bookOne } = await makeDownloads(page.request);
    await page.addInitScript((chosen) => localStorage.setItem('portal.locale', chosen), locale);
    await signInAs(page, 'Admin');
    await page.goto('/admin/dashboard');
    await page.getByLabel(say(locale, 'stats.filter.book'), { exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.p-dropdown-panel').getByRole('option', { name: bookOne }).click();
    await page.getByRole('button', { name: say(locale, 'stats.filter.search') }).click();
    await expect(page.getByRole('table', { name: say(locale, 'stats.table.title') }).locator('tbody tr')).toHaveCount(
      2,
    );

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: say(locale, 'stats.table.exportCsv') }).click();
    const bytes = await readFile((await (await download).path()) as string);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const header = [say(locale, 'stats.csv.language'), say(locale, 'stats.csv.count')].join(separator);
    expect(bytes.toString('utf8')).toBe(`\uFEFF${header}\n${lingala}${separator}3\n${tswana}${separator}1\n`);
  });
}

/** The width and height of a PNG, from its header. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

test('an exported chart is at print size, its title and date range drawn in the image', async ({ page }) => {
  const { bookOne } = await makeDownloads(page.request);
  // Every text drawn on a canvas, with the canvas's width.
  await page.addInitScript(() => {
    const drawn: { text: string; width: number }[] = [];
    Object.assign(window, { drawnTexts: drawn });
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (...text: Parameters<typeof fillText>) {
      drawn.push({ text: text[0], width: this.canvas.width });
      Reflect.apply(fillText, this, text);
    };
  });
  await signInAs(page, 'Admin');
  await page.goto('/admin/dashboard');
  await chooseBook(page, bookOne);
  await chooseRange(page, '2020-01-01', '2099-12-31');
  await expect(page.getByTestId('figure-inRange')).toHaveText('4');

  for (const type of ['bar', 'doughnut']) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Export the ${type} chart as PNG` }).click();
    const png = await readFile((await (await download).path()) as string);
    expect(pngSize(png).width).toBeGreaterThanOrEqual(1200);
    const printed = await page.evaluate(() =>
      (window as unknown as { drawnTexts: { text: string; width: number }[] }).drawnTexts
        .filter(({ width }) => width >= 1200)
        .map(({ text }) => text),
    );
    expect(printed).toContain(`Downloads per language, ${bookOne}`);
    expect(printed).toContain('2020-01-01 to 2099-12-31');
  }
});

/** WCAG's contrast ratio of two opaque colours, `[r, g, b]` each. */
function contrast(a: number[], b: number[]) {
  const luminance = (rgb: number[]) => {
    const [r = 0, g = 0, bl = 0] = rgb.map((v) =>
      v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4,
    );
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

// Light, dim and dark: the grid lines and axis lines of the charts stand out from the card.
for (const [theme, least] of [
  ['lara-light-indigo', 1.5],
  ['vela-blue', 2],
  ['lara-dark-indigo', 2],
  ['arya-blue', 2],
] as const) {
  test(`the charts’ grid lines are readable in ${theme}`, async ({ page }) => {
    await makeDownloads(page.request);
    await page.addInitScript((stored) => localStorage.setItem('layout-settings', stored), JSON.stringify({ theme }));
    // Every line stroked on a canvas, with the canvas it was stroked on.
    await page.addInitScript(() => {
      const strokes: { canvas: HTMLCanvasElement; style: string }[] = [];
      Object.assign(window, { strokes });
      const stroke = CanvasRenderingContext2D.prototype.stroke;
      CanvasRenderingContext2D.prototype.stroke = function (...path: unknown[]) {
        strokes.push({ canvas: this.canvas, style: String(this.strokeStyle) });
        Reflect.apply(stroke, this, path);
      };
    });
    await signInAs(page, 'Admin');
    await page.goto('/admin/dashboard');
    await expect(chart(page, 'Bar chart')).toHaveAccessibleName(/Lingala/);
    // The bar chart's lines, each laid over the card as the screen shows it, and the card.
    const { lines, card } = await chart(page, 'Bar chart').evaluate((canvas) => {
      const background = getComputedStyle(document.documentElement).getPropertyValue('--surface-card');
      const pixel = (...styles: string[]) => {
        const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
        for (const style of styles) {
          context.fillStyle = style;
          context.fillRect(0, 0, 1, 1);
        }
        return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const drawn = (window as unknown as { strokes: { canvas: HTMLCanvasElement; style: string }[] }).strokes;
      const styles = new Set(drawn.filter((line) => line.canvas === canvas).map((line) => line.style));
      return { lines: [...styles].map((style) => pixel(background, style)), card: pixel(background) };
    });
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(contrast(line, card)).toBeGreaterThanOrEqual(least);
  });
}

test('a User who opens the statistics is sent to the landing page, which offers them the download panel', async ({
  page,
}) => {
  await signInAs(page, 'User');
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/en\/dist$/);
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
  await expect(page.getByText('Downloads in range')).toHaveCount(0);
});
