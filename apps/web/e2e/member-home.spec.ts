import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Book, editionFileName, type FileRecord, monthName, type ThisMonth } from '@portal/contract';
import { makeEditionPdf, makePdf } from '../../server/test/files.ts';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { ensureLanguage, uploadThroughApi } from './support/editions.ts';
import { pretendPushService } from './support/push.ts';
import { bearerOf, signInAs } from './support/session.ts';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** A one-pixel PNG: the server makes the cards' cover of it. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let made = 0;

/** A language no other test uses, so that the editions of the shared server do not mix in. */
async function newLanguage(request: APIRequestContext, prefix: string) {
  made += 1;
  const name = `${prefix} ${Date.now()}-${made}`;
  await ensureLanguage(request, name);
  return name;
}

/** The month it is for the server (its time zone decides), and the months before it, newest first. */
async function months(request: APIRequestContext) {
  const answer = await request.get('/api/editions/this-month', { headers: await bearerOf(request) });
  const { year, month } = (await answer.json()) as ThisMonth;
  const before = (count: number) =>
    Array.from({ length: count }, (_, index) => {
      const back = year * 12 + (month - 1) - (index + 1);
      return { year: Math.floor(back / 12), month: (back % 12) + 1 };
    });
  return { year, month, before };
}

/** Signs a new member in whose download history is that edition: their language is its language. */
async function memberWhoDownloaded(page: Page, edition: FileRecord) {
  const account = await signInAs(page, 'User');
  const answer = await page.request.get(`/api/files/download/${edition._id}`, {
    headers: await bearerOf(page.request, account),
  });
  expect(answer.status()).toBe(200);
}

/**
 * A new language with this month's editions of the `thisMonth` books and last month's of `lastMonth`, and a new
 * member signed in who downloaded that one: the language is theirs. Answers this month's PDFs by book.
 */
async function memberReading(page: Page, prefix: string, books: { thisMonth: string[]; lastMonth: string }) {
  const language = await newLanguage(page.request, prefix);
  const { year, month, before } = await months(page.request);
  const [last = { year, month }] = before(1);
  const pdfs = new Map<string, Buffer>();
  for (const book of books.thisMonth) {
    pdfs.set(book, makePdf(`${book} ${language}`));
    await uploadThroughApi(page.request, month, pdfs.get(book) as Buffer, book, { language, year });
  }
  const earlier = await uploadThroughApi(page.request, last.month, makePdf('earlier'), books.lastMonth, {
    language,
    year: last.year,
  });
  await memberWhoDownloaded(page, earlier);
  return { language, year, month, last, pdfs };
}

/** Every API request the page makes, to check that none asks for every edition at once. */
function recordRequests(page: Page) {
  const urls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) urls.push(url);
  });
  return urls;
}

const everyEdition = (urls: URL[]) =>
  urls
    .filter(
      ({ pathname, searchParams }) =>
        pathname === '/api/files' || (pathname === '/api/editions' && !searchParams.has('rows')),
    )
    .map(String);

const thisMonthCards = (page: Page) =>
  page.getByRole('region', { name: 'This month' }).getByRole('listitem').locator('.edition-card');

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a member who reads in French sees this month’s French Teevo and Take5 first and downloads one with one tap', async ({
    page,
  }) => {
    const {
      language: french,
      year,
      month,
      last,
      pdfs,
    } = await memberReading(page, 'French', { thisMonth: ['Teevo', 'Take5'], lastMonth: 'Teevo' });
    const requests = recordRequests(page);

    await page.goto('/');
    const cards = thisMonthCards(page);
    const when = `${monthName(month)} ${year}`;
    await expect(cards.nth(0)).toContainText(`Teevo${when}${french}`);
    await expect(cards.nth(1)).toContainText(`Take5${when}${french}`);
    // At a glance: the first card's download needs no scrolling.
    const downloadTeevo = cards.nth(0).getByRole('button', { name: `Download now: Teevo in ${french}, ${when}` });
    await expect(downloadTeevo).toBeInViewport();
    await expect(page.locator('.download-count').filter({ hasText: 'Downloads this month' })).toHaveText(/1$/);

    const downloading = page.waitForEvent('download');
    await downloadTeevo.tap();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(editionFileName('Teevo', french, year, month));
    expect((await readFile(await download.path())).equals(pdfs.get('Teevo') as Buffer)).toBe(true);
    await expect(page.locator('.download-count').filter({ hasText: 'Downloads this month' })).toHaveText(/2$/);

    // The edition of last month is below, under its month, and this month's are not repeated there.
    const earlierEditions = page.getByRole('region', { name: 'Earlier editions' });
    await expect(earlierEditions.getByRole('heading', { name: `${monthName(last.month)} ${last.year}` })).toBeVisible();
    await expect(earlierEditions.getByRole('heading', { name: when })).toHaveCount(0);
    expect(everyEdition(requests)).toEqual([]);
  });

  test('while this month’s editions load, card-sized placeholders hold their place and nothing below them jumps', async ({
    page,
  }) => {
    await memberReading(page, 'Lingala', { thisMonth: ['Teevo', 'Take5'], lastMonth: 'Teevo' });
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route(/\/api\/editions\/this-month(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    // The layout shifts' score, as Lighthouse's CLS adds them up.
    await page.addInitScript(() => {
      const counted = window as unknown as { shifted: number };
      counted.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) counted.shifted += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const shifted = () => page.evaluate(() => (window as unknown as { shifted: number }).shifted);

    await page.goto('/');
    await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'This month' }).locator('.p-skeleton').first()).toBeVisible();
    // The earlier editions come with this month's, whose language they take.
    await expect(page.getByRole('region', { name: 'Earlier editions' })).toHaveCount(0);
    const before = await shifted();
    answer();
    // Other tests' books, without an edition this month, come after as "not out yet".
    const ready = thisMonthCards(page).filter({ has: page.getByRole('button', { name: /^Download now/ }) });
    await expect(ready).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Earlier editions' })).toBeVisible();
    expect((await shifted()) - before).toBeLessThan(0.05);
  });

  test('an edition whose days are mapped offers today’s reading: its day, its first lines, the reader at its page', async ({
    page,
    request,
  }) => {
    const language = await newLanguage(request, 'Yoruba');
    const { year, month } = await months(request);
    // Page N says "Page N" under its title; no date headings, so an admin sets one day a page.
    const pdf = makeEditionPdf({ pages: 31, bytes: 31 * 4_000, title: 'Teevo of the day' });
    const edition = await uploadThroughApi(request, month, pdf, 'Teevo', { language, year });
    const admin = await bearerOf(request);
    const dayMap = `/api/editions/${edition._id}/days`;
    await expect
      .poll(
        async () =>
          ((await (await request.get(dayMap, { headers: admin })).json()) as { pageCount: number | null }).pageCount,
      )
      .toBe(31);
    expect((await request.put(dayMap, { headers: admin, data: { firstPage: 1, pagesPerDay: 1 } })).status()).toBe(200);
    await memberWhoDownloaded(page, edition);

    await page.goto('/');
    const card = thisMonthCards(page).filter({ has: page.getByRole('button', { name: /^Download now: Teevo/ }) });
    await expect(card).toContainText(/Today, \w+day \d+ \w+/);
    const readToday = card.getByRole('link', { name: /^Read today’s reading, / });
    const href = (await readToday.getAttribute('href')) ?? '';
    const day = Number(/\?page=(\d+)$/.exec(href)?.[1]);
    expect(href).toBe(`/user/read/${edition._id}?page=${day}`);
    await expect(card).toContainText(`Teevo of the day Page ${day}`);
    await expect(card).toContainText(new RegExp(`Today, \\w+day ${day} `));
    expect(await seriousViolations(page)).toEqual([]);

    // Under today's readings, the daily reminder in one tap, at 7:00; once on, it is not offered again.
    await page.context().grantPermissions(['notifications']);
    await pretendPushService(page);
    await page.reload();
    await page.getByRole('button', { name: 'Remind me each day at 07:00' }).tap();
    await expect(page.getByText('Your daily reminder is on.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Remind me/ })).toHaveCount(0);
    await expect(page.getByText('Your daily reminder is on.')).toBeHidden();

    // As text: a few kilobytes instead of the PDF, and from there the day in the PDF.
    await card.getByRole('link', { name: /^Read as text: / }).tap();
    await expect(page).toHaveURL(`/user/read/${edition._id}/day/${day}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Teevo of the day' })).toBeVisible();
    await expect(page.getByRole('article')).toContainText(`Page ${day}`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'In the PDF' }).tap();
    await expect(page).toHaveURL(`/user/read/${edition._id}?page=${day}`);
    // The edition's text is searchable from the home: a phrase finds its one page, the day it belongs to said.
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search the editions' }).fill(`"page ${day}"`);
    await page.getByRole('button', { name: 'Search', exact: true }).tap();
    await expect(page).toHaveURL(/\/user\/search\?q=/);
    await expect(page.getByText('1 page found')).toBeVisible();
    await expect(page.locator('.search-result mark')).toHaveText(['Page', String(day)]);
    await expect(page.locator('.search-result')).toContainText(new RegExp(`\\w+day ${day} \\w+ · page ${day}`));
    await page.getByRole('link', { name: /^Read Teevo · .* at page / }).tap();
    await expect(page).toHaveURL(`/user/read/${edition._id}?page=${day}`);

    await page.goto('/');
    await readToday.tap();
    await expect(page).toHaveURL(`/user/read/${edition._id}?page=${day}`);
    await expect(page.getByLabel('Page', { exact: true })).toHaveValue(String(day));
    // The reader knows the days: this one, the next one's page, and Today once elsewhere.
    const days = page.getByRole('group', { name: 'Days' });
    await expect(days).toContainText(new RegExp(`\\w+day ${day} `));
    await expect(days.getByRole('button', { name: 'Today' })).toHaveCount(0);
    // On the month's last day, the day before.
    const forward = day < new Date(year, month, 0).getDate();
    await days.getByRole('button', { name: forward ? 'Next day' : 'Previous day' }).tap();
    await expect(page.getByLabel('Page', { exact: true })).toHaveValue(String(forward ? day + 1 : day - 1));
    await days.getByRole('button', { name: 'Today' }).tap();
    await expect(page.getByLabel('Page', { exact: true })).toHaveValue(String(day));
  });

  test('an edition not uploaded yet is said to be not out yet', async ({ page }) => {
    const { language, month } = await memberReading(page, 'Ewe', { thisMonth: ['Teevo'], lastMonth: 'Take5' });

    await page.goto('/');
    const cards = thisMonthCards(page);
    await expect(cards.nth(0).getByRole('button', { name: /^Download now: Teevo/ })).toBeVisible();
    await expect(cards.nth(1)).toContainText(`The ${monthName(month)} Take5 in ${language} is not out yet.`);
    await expect(cards.nth(1).getByRole('button')).toHaveCount(0);
  });

  test('scrolling down loads the earlier months, a page at a time', async ({ page, request }) => {
    test.setTimeout(60_000);
    const language = await newLanguage(request, 'Twi');
    const { before } = await months(request);
    // Fourteen months: more than one page of cards.
    const editions: FileRecord[] = [];
    for (const { year, month } of before(14)) {
      editions.push(await uploadThroughApi(request, month, makePdf(`${month} ${year}`), 'Teevo', { language, year }));
    }
    await memberWhoDownloaded(page, editions[0] as FileRecord);
    const requests = recordRequests(page);

    await page.goto('/');
    const earlierEditions = page.getByRole('region', { name: 'Earlier editions' });
    const monthHeadings = earlierEditions.getByRole('heading', { level: 3 });
    const oldest = editions.at(-1) as FileRecord;
    await expect(monthHeadings.first()).toHaveText(`${editions[0]?.book_month} ${editions[0]?.book_year}`);
    await expect(monthHeadings).toHaveCount(12);
    await expect(
      earlierEditions.getByRole('heading', { name: `${oldest.book_month} ${oldest.book_year}` }),
    ).toHaveCount(0);

    await monthHeadings.last().scrollIntoViewIfNeeded();
    await expect(monthHeadings).toHaveCount(14);
    await expect(monthHeadings.last()).toHaveText(`${oldest.book_month} ${oldest.book_year}`);
    const pages = requests.filter((url) => url.pathname === '/api/editions');
    expect(pages.map((url) => [url.searchParams.get('first'), url.searchParams.get('language')])).toEqual([
      ['0', language],
      ['12', language],
    ]);
    expect(everyEdition(requests)).toEqual([]);
  });

  test('a book with a cover shows it; one without shows its name on a colour of its own', async ({ page, request }) => {
    const admin = await bearerOf(request);
    const [withCover, without] = [`Covered ${Date.now()}`, `Plain ${Date.now()}`];
    for (const name of [withCover, without]) {
      expect((await request.post('/api/books', { data: { name }, headers: admin })).status()).toBe(201);
    }
    const books = (await (await request.get('/api/books')).json()) as Book[];
    const covered = books.find((book) => book.name === withCover) as Book;
    const cover = await request.put(`/api/books/${covered.id}/cover`, {
      headers: admin,
      multipart: { image: { name: 'cover.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG } },
    });
    expect(cover.status(), await cover.text()).toBe(200);
    const address = ((await (await request.get('/api/books')).json()) as Book[]).find(
      (book) => book.id === covered.id,
    )?.cover;
    await memberReading(page, 'Ga', { thisMonth: [withCover], lastMonth: without });

    await page.goto('/');
    const card = (name: string) => thisMonthCards(page).filter({ has: page.getByText(name, { exact: true }) });
    const picture = card(withCover).locator('img');
    await expect(picture).toHaveAttribute('src', address ?? 'a cover');
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const placeholder = card(without).locator('.book-cover-placeholder');
    await expect(placeholder).toHaveText(without);
    const colour = (locator: typeof placeholder) => locator.evaluate((node) => getComputedStyle(node).backgroundColor);
    // The same colour wherever the book shows.
    const below = page.getByRole('region', { name: 'Earlier editions' }).locator('.book-cover-placeholder');
    await expect(below).toHaveText(without);
    expect(await colour(below)).toBe(await colour(placeholder));
  });
});

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the member can switch to the table, which is remembered, and filter it by book', async ({ page, request }) => {
    const language = await newLanguage(request, 'Hausa');
    const { before } = await months(request);
    const [one, two] = before(2);
    const teevo = await uploadThroughApi(request, one?.month ?? 1, makePdf('Teevo'), 'Teevo', {
      language,
      year: one?.year,
    });
    await uploadThroughApi(request, two?.month ?? 1, makePdf('Take5'), 'Take5', { language, year: two?.year });
    await memberWhoDownloaded(page, teevo);

    await page.goto('/');
    const earlierEditions = page.getByRole('region', { name: 'Earlier editions' });
    await expect(earlierEditions.locator('.edition-card')).toHaveCount(2);
    await expect(earlierEditions.getByRole('table')).toHaveCount(0);

    await earlierEditions.getByRole('button', { name: 'Table' }).click();
    await expect(earlierEditions.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    const rows = earlierEditions.getByRole('table', { name: 'Editions' }).locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await page.reload();
    await expect(rows).toHaveCount(2);

    await choose(page, 'Book', 'Take5');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole('cell')).toContainText(['Take5', language]);

    await earlierEditions.getByRole('button', { name: 'Cards' }).click();
    await expect(earlierEditions.locator('.edition-card')).toHaveCount(1);
    await page.reload();
    await expect(earlierEditions.getByRole('table')).toHaveCount(0);
    await expect(earlierEditions.locator('.edition-card')).toHaveCount(2);

    // A phone gets the cards whatever was chosen on a wide screen.
    await earlierEditions.getByRole('button', { name: 'Table' }).click();
    await page.setViewportSize(PHONE.viewport);
    await expect(earlierEditions.getByRole('table')).toHaveCount(0);
    await expect(earlierEditions.getByRole('button', { name: 'Table' })).toHaveCount(0);
  });
});

test('an edition uploaded before its month shows as next month’s, above this month’s, and not as an earlier one', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const { language, year, month, last } = await memberReading(page, 'Akan', {
    thisMonth: ['Teevo'],
    lastMonth: 'Take5',
  });
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  // Uploaded by a request context of its own: the page's holds the member's session cookie.
  const early = await uploadThroughApi(request, next.month, makePdf('next Teevo'), 'Teevo', {
    language,
    year: next.year,
  });
  const nextWhen = `${monthName(next.month)} ${next.year}`;

  await page.goto('/');
  const nextMonth = page.getByRole('region', { name: 'Next month' });
  await expect(nextMonth.locator('.edition-card')).toHaveCount(1);
  await expect(
    nextMonth.getByRole('button', { name: `Download now: Teevo in ${language}, ${nextWhen}` }),
  ).toBeVisible();
  await expect(nextMonth.getByRole('link', { name: `Read Teevo in ${language}, ${nextWhen}` })).toHaveAttribute(
    'href',
    `/user/read/${early._id}`,
  );
  const titles = await page.locator('.member-home h2').allTextContents();
  expect(titles.indexOf('Next month')).toBe(titles.indexOf('This month') - 1);

  // Below, the earlier editions go up to this month, as cards and in the table.
  const earlierEditions = page.getByRole('region', { name: 'Earlier editions' });
  await expect(earlierEditions.getByRole('heading', { name: `${monthName(last.month)} ${last.year}` })).toBeVisible();
  await expect(earlierEditions.locator('.edition-card')).toHaveCount(1);
  await expect(earlierEditions.getByRole('heading', { name: nextWhen })).toHaveCount(0);
  await earlierEditions.getByRole('button', { name: 'Table' }).click();
  const rows = earlierEditions.getByRole('table', { name: 'Editions' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: monthName(next.month) }).filter({ hasText: String(next.year) })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(nextMonth.locator('.edition-card')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const theme of ['lara-light-indigo', 'lara-dark-indigo']) {
    test(`the member home fits the width, its controls are 44 px high, and axe finds nothing serious (${theme})`, async ({
      page,
    }) => {
      await page.addInitScript((stored) => localStorage.setItem('layout-settings', stored), JSON.stringify({ theme }));
      const { language } = await memberReading(page, 'Fante', { thisMonth: ['Teevo'], lastMonth: 'Take5' });

      await page.goto('/');
      await expect(thisMonthCards(page).first()).toContainText(language);
      await expect(page.getByRole('region', { name: 'Earlier editions' }).locator('.edition-card')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const heights = await page
        .locator('.member-home')
        .locator('button, .p-dropdown')
        .evaluateAll((controls) => controls.map((control) => control.getBoundingClientRect().height));
      expect(heights.length).toBeGreaterThan(0);
      expect(heights.filter((height) => height < 44)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
