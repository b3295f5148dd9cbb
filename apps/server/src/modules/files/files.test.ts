import { connect } from 'node:net';
import { FILE_MESSAGES, MAX_PDF_BYTES, MESSAGES, tooLargeMessage } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, app, UNKNOWN_ID, useAdminApp } from '../../../test/admin-app.ts';
import { expectMessage, loginAs } from '../../../test/app.ts';
import { downloadsAfter } from '../../../test/downloads.ts';
import { cutMultipart, edition, makePdf, multipart, postForm, uploadEdition } from '../../../test/files.ts';
import { downloads, files, languages } from '../../db/schema.ts';
import { errorBody } from '../../errors.ts';

let user: Awaited<ReturnType<typeof loginAs>>;

useAdminApp();
beforeAll(async () => {
  await app.db.insert(languages).values([{ name: 'English' }, { name: 'Français' }]);
  user = await loginAs(app, 'User');
});

// Through the store, whichever it is: these tests run with a folder and with a bucket (vitest.config.ts).
const storedPdfs = async () => (await app.storage.list()).map((file) => file.key).sort();
/** How many uploads are staged and not committed (it clears them, as a sweep would). */
const incoming = async () => (await app.storage.clearStaged(new Date(Date.now() + 60_000))).files;
const fileCount = async () => (await app.db.select({ id: files.id }).from(files)).length;
/** The Admin's upload of the Teevo English 2025 edition of `month`. */
const uploadMonth = (month: string, file: { name: string; data: Buffer }) =>
  uploadEdition(app, admin.headers, { ...edition, month }, file);

describe('POST /api/files/uploadfile', () => {
  it('stores a real PDF and answers its record in the wire shape', async () => {
    const response = await uploadEdition(app, admin.headers);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      book_name: 'Teevo',
      book_language: 'English',
      book_month: 'March',
      book_year: 2025,
      file_mime_type: 'application/pdf',
      file_path: 'Teevo-English-2025-03.pdf',
      name: 'Teevo_English_2025_03.pdf',
      file_size: makePdf('Teevo March').length,
    });
    expect(response.json()._id).toBe(response.json().id);
    expect(await storedPdfs()).toHaveLength(1);
  });

  it('accepts a month name and a case-insensitive book and language, also at /api/file/upload/', async () => {
    const body = await multipart(
      { book: 'take5', language: 'français', year: '2025', month: 'april' },
      { name: 'take5.pdf', data: makePdf('Take5 April') },
    );
    const response = await postForm(app, '/api/file/upload/', admin.headers, body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ book_name: 'Take5', book_language: 'Français', book_month: 'April' });
  });

  it('replaces the edition’s previous file and removes the old stored copy', async () => {
    const before = await fileCount();
    const first = (await uploadEdition(app, admin.headers)).json();
    const second = await uploadEdition(app, admin.headers, edition, {
      name: 'new.pdf',
      data: makePdf('Teevo March v2'),
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.id);
    expect(second.json().name).toBe('new.pdf');
    expect(await fileCount()).toBe(before);
    expect(await storedPdfs()).toHaveLength(before);
  });

  it('two uploads of one new edition at once leave one record and one stored file', async () => {
    const before = await fileCount();
    const storedBefore = (await storedPdfs()).length;
    const fresh = { ...edition, month: '9' };
    const answers = await Promise.all(
      ['a.pdf', 'b.pdf'].map((name) =>
        uploadEdition(app, admin.headers, fresh, { name, data: makePdf(`Teevo September ${name}`) }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(await fileCount()).toBe(before + 1);
    expect(await storedPdfs()).toHaveLength(storedBefore + 1);
  });

  it('refuses a renamed non-PDF with 400 and stores nothing', async () => {
    const before = await storedPdfs();
    const response = await uploadEdition(app, admin.headers, edition, {
      name: 'virus.pdf',
      data: Buffer.from('MZ this is not a pdf'),
    });
    expectMessage(response, 400, FILE_MESSAGES.notPdf);
    expect(await storedPdfs()).toEqual(before);
    expect(await incoming()).toBe(0);
  });

  it('refuses a file over 30 MB with 413 and the spec’s message, storing nothing', async () => {
    const before = await fileCount();
    const big = makePdf('big', MAX_PDF_BYTES);
    const response = await uploadMonth('5', { name: 'big.pdf', data: big });
    expectMessage(response, 413, tooLargeMessage('big.pdf'));
    expect(await fileCount()).toBe(before);
    expect(await incoming()).toBe(0);
  });

  it.each([
    [{ ...edition, language: 'Klingon' }, FILE_MESSAGES.unknownLanguage],
    [{ ...edition, book: 'Unknown Book' }, FILE_MESSAGES.unknownBook],
    [{ ...edition, month: '13' }, FILE_MESSAGES.monthRequired],
    [{ ...edition, year: '2019' }, 'Year must be 2022 or later.'],
    [{ ...edition, year: '0x7e8' }, FILE_MESSAGES.yearDigits],
    [{ ...edition, year: '2.025e3' }, FILE_MESSAGES.yearDigits],
    [{ book: 'Teevo', year: '2025', month: '3' }, FILE_MESSAGES.languageRequired],
    [{ ...edition, book: 'Tee\u0000vo' }, 'book: must not contain control characters'],
    [{ ...edition, language: 'Engl\u0000ish' }, 'language: must not contain control characters'],
  ])('refuses bad fields %j with 400 and stores nothing', async (fields, message) => {
    const before = await storedPdfs();
    expectMessage(await uploadEdition(app, admin.headers, fields), 400, message);
    expect(await storedPdfs()).toEqual(before);
  });

  it('keeps the file’s name without its control characters', async () => {
    const response = await uploadMonth('8', { name: 'Teevo\u0000_August\u0007.pdf', data: makePdf('Teevo August') });
    expect(response.statusCode).toBe(201);
    expect(response.json().name).toBe('Teevo_August.pdf');
  });

  it('refuses a request without a file', async () => {
    const response = await postForm(app, '/api/files/uploadfile', admin.headers, await multipart(edition));
    expectMessage(response, 400, FILE_MESSAGES.noFile);
  });

  it('is for admins only', async () => {
    expect((await uploadEdition(app, user.headers)).statusCode).toBe(403);
    expect((await uploadEdition(app, {})).statusCode).toBe(401);
  });

  it('an upload interrupted mid-stream leaves neither a record nor a stray file', async () => {
    const before = { records: await fileCount(), pdfs: await storedPdfs() };
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const body = await multipart({ ...edition, month: '7' }, { name: 'cut.pdf', data: makePdf('cut', 2_000_000) });
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/files/uploadfile HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${admin.headers.authorization}\r\n` +
            `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
        );
        socket.write(body.payload.subarray(0, 1_000_000), () => setTimeout(() => socket.destroy(), 300));
      });
      socket.on('close', () => resolve());
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await fileCount()).toBe(before.records);
    expect(await storedPdfs()).toEqual(before.pdfs);
    expect(await incoming()).toBe(0);
  });
});

describe('GET /api/file/getAll and /api/files/getAllFiles', () => {
  it('lists files for signed-in people, not for visitors', async () => {
    for (const url of ['/api/file/getAll', '/api/files/getAllFiles']) {
      const response = await user.request('GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.json().length).toBeGreaterThanOrEqual(2);
    }
    expect((await app.inject({ method: 'GET', url: '/api/file/getAll' })).statusCode).toBe(401);
  });
});

describe('edition look-up', () => {
  it('lists the languages that have an edition, sorted', async () => {
    await uploadEdition(app, admin.headers, { ...edition, language: 'Français' });
    const response = await user.request(
      'GET',
      '/api/transaction/getTeeVoLanguagesByBookName?book=Teevo&month=March&year=2025',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ book_language: 'English' }, { book_language: 'Français' }]);
  });

  it('lists the months that have the book’s edition, newest first, each with its languages', async () => {
    for (const fields of [
      { month: '2', year: '2023' },
      { month: '11', year: '2024', language: 'Français' },
      { month: '11', year: '2024' },
      { month: '7', year: '2023', book: 'Take5' },
    ]) {
      expect((await uploadEdition(app, admin.headers, { ...edition, ...fields })).statusCode).toBe(201);
    }
    const response = await user.request('GET', '/api/editions/months?book=teevo');
    expect(response.statusCode).toBe(200);
    const months: { year: number; month: number; languages: string[] }[] = response.json();
    // Other tests add this book's 2025 editions.
    expect(months.filter(({ year }) => year < 2025)).toEqual([
      { year: 2024, month: 11, languages: ['English', 'Français'] },
      { year: 2023, month: 2, languages: ['English'] },
    ]);
    const order = months.map(({ year, month }) => year * 100 + month);
    expect(order).toEqual([...order].sort((a, b) => b - a));
    expect((await user.request('GET', '/api/editions/months?book=Nobook')).json()).toEqual([]);
    expect((await user.request('GET', '/api/editions/months')).statusCode).toBe(400);
  });

  it('finds an edition by names, month as number or name', async () => {
    for (const month of ['3', 'march', 'March']) {
      const response = await user.request(
        'GET',
        `/api/transaction/getBookByName?name=teevo&language=english&month=${month}&year=2025`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ book_name: 'Teevo', book_language: 'English', book_month: 'March' });
    }
  });

  it('answers 404 with the spec’s message for an edition that does not exist', async () => {
    const response = await user.request(
      'GET',
      '/api/transaction/getBookByName?name=Teevo&language=English&month=1&year=2023',
    );
    expectMessage(response, 404, FILE_MESSAGES.editionMissing);
  });

  it.each([
    ['getBookByName?name=Tee%00vo&language=English&month=3&year=2025', 'name'],
    ['getBookByName?name=Teevo&language=%00&month=3&year=2025', 'language'],
    ['getTeeVoLanguagesByBookName?book=Tee%00vo&month=3&year=2025', 'book'],
  ])('refuses a NUL in %s with 400 naming the field', async (query, field) => {
    const response = await user.request('GET', `/api/transaction/${query}`);
    expectMessage(response, 400, `${field}: must not contain control characters`);
  });
});

describe('GET /api/files/download/:id', () => {
  let fileId: string;
  let pdf: Buffer;
  const downloadCount = async () =>
    (await app.db.select({ id: downloads.id }).from(downloads).where(eq(downloads.fileId, fileId))).length;
  const download = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: `/api/files/download/${fileId}`, headers: { ...user.headers, ...headers } });

  beforeAll(async () => {
    pdf = makePdf('Teevo June', 5000);
    const response = await uploadMonth('6', { name: 'june.pdf', data: pdf });
    fileId = response.json().id;
  });

  it('streams the exact bytes with readable name, length, ETag and records one download', async () => {
    const before = await downloadCount();
    const response = await user.request('GET', `/api/files/download/${fileId}`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(pdf)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-length']).toBe(String(pdf.length));
    expect(response.headers['content-disposition']).toContain('filename="Teevo-English-2025-06.pdf"');
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(response.headers['last-modified']).toBeTruthy();
    expect(await downloadCount()).toBe(before + 1);
    const [row] = await app.db.select().from(downloads).where(eq(downloads.fileId, fileId));
    expect(row).toMatchObject({
      accountId: user.account.id,
      bookName: 'Teevo',
      languageName: 'English',
      year: 2025,
      month: 6,
    });
  });

  it('serves ranges with 206 and the right bytes; a peek at the start is no download, the whole in two ranges is', async () => {
    const reader = await loginAs(app, 'User');
    const ranged = (range: string) =>
      app.inject({ method: 'GET', url: `/api/files/download/${fileId}`, headers: { ...reader.headers, range } });
    const before = await downloadCount();
    const first = await ranged('bytes=0-99');
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${pdf.length}`);
    expect(first.rawPayload.equals(pdf.subarray(0, 100))).toBe(true);
    expect(await downloadsAfter(app, reader.account.id, fileId, 100)).toBe(before);
    const rest = await ranged('bytes=100-');
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(pdf.subarray(100))).toBe(true);
    expect(await downloadsAfter(app, reader.account.id, fileId, pdf.length)).toBe(before + 1);
    const suffix = await ranged('bytes=-10');
    expect(suffix.rawPayload.equals(pdf.subarray(pdf.length - 10))).toBe(true);
    expect((await ranged('bytes=0-')).statusCode).toBe(206);
    expect(await downloadsAfter(app, reader.account.id, fileId, 2 * pdf.length + 10)).toBe(before + 1);
    const outside = await app.inject({
      method: 'GET',
      url: `/api/files/download/${fileId}`,
      headers: { ...user.headers, range: `bytes=${pdf.length}-` },
    });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${pdf.length}`);
  });

  it('answers 304 when If-None-Match is *, or lists the ETag, also weakly, and counts no download', async () => {
    const { etag } = (await download({})).headers;
    const before = await downloadCount();
    for (const ifNoneMatch of ['*', `"other", ${etag}`, `W/${etag}`, `W/"other",W/${etag}`]) {
      const response = await download({ 'if-none-match': ifNoneMatch });
      expect(response.statusCode, ifNoneMatch).toBe(304);
      expect(response.rawPayload.length).toBe(0);
    }
    expect(await downloadCount()).toBe(before);
    expect((await download({ 'if-none-match': '"other", W/"another"' })).statusCode).toBe(200);
  });

  it('serves the range only when If-Range is exactly the ETag or the Last-Modified date', async () => {
    const reader = await loginAs(app, 'User');
    const current = (await download({})).headers;
    const ranged = (ifRange: string) => download({ ...reader.headers, range: 'bytes=0-99', 'if-range': ifRange });
    for (const match of [current.etag as string, current['last-modified'] as string]) {
      const response = await ranged(match);
      expect(response.statusCode, match).toBe(206);
      expect(response.rawPayload.equals(pdf.subarray(0, 100))).toBe(true);
    }
    const before = await downloadCount();
    const stale = ['"stale"', `W/${current.etag}`, 'Mon, 01 Jan 2001 00:00:00 GMT', 'yesterday'];
    for (const ifRange of stale) {
      const response = await ranged(ifRange);
      expect(response.statusCode, ifRange).toBe(200);
      expect(response.headers['content-range']).toBeUndefined();
      expect(response.rawPayload.equals(pdf)).toBe(true);
    }
    // Each whole file sent is a download of this reader's, counted once in the window.
    expect(await downloadCount()).toBe(before + 1);
  });

  it('counts probes of the first bytes as nothing, and one account’s repeated downloads once', async () => {
    const reader = await loginAs(app, 'User');
    const get = (headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: `/api/files/download/${fileId}`, headers: { ...reader.headers, ...headers } });
    const before = await downloadCount();
    for (let probe = 0; probe < 20; probe += 1) expect((await get({ range: 'bytes=0-0' })).statusCode).toBe(206);
    expect(await downloadCount()).toBe(before);
    const together = await Promise.all(Array.from({ length: 10 }, () => get()));
    expect(together.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(await downloadCount()).toBe(before + 1);
    const other = await loginAs(app, 'User');
    await other.request('GET', `/api/files/download/${fileId}`);
    expect(await downloadCount()).toBe(before + 2);
  });

  it('a client report before the download it reports is not counted twice either', async () => {
    const reader = await loginAs(app, 'User');
    const before = await downloadCount();
    const report = await reader.request('POST', '/api/transaction/create/', { user: reader.account.id, file: fileId });
    expect(report.statusCode).toBe(200);
    await reader.request('GET', `/api/files/download/${fileId}`);
    expect(await downloadCount()).toBe(before + 1);
  });

  it('refuses visitors alike for files that exist and files that do not (401), and says 404 only when signed in', async () => {
    for (const query of ['', `?token=${UNKNOWN_ID}.x.9999999999.sig`, '?token=junk']) {
      const known = await app.inject({ method: 'GET', url: `/api/files/download/${fileId}${query}` });
      const stranger = await app.inject({ method: 'GET', url: `/api/files/download/${UNKNOWN_ID}${query}` });
      expect([known.statusCode, stranger.statusCode], query).toEqual([401, 401]);
      expect(known.json()).toEqual(stranger.json());
    }
    const missing = await user.request('GET', `/api/files/download/${UNKNOWN_ID}`);
    expect(missing.statusCode).toBe(404);
  });

  it('a download link works without a bearer header, only for that file and only briefly', async () => {
    const link = await user.request('GET', `/api/files/download-link/${fileId}`);
    expect(link.statusCode).toBe(200);
    const { url, name } = link.json();
    expect(name).toBe('Teevo-English-2025-06.pdf');
    const viaLink = await app.inject({ method: 'GET', url });
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.rawPayload.equals(pdf)).toBe(true);
    const forged = await app.inject({
      method: 'GET',
      url: `/api/files/download/${fileId}?token=${fileId}.x.9999999999.sig`,
    });
    expectMessage(forged, 401, FILE_MESSAGES.downloadLinkExpired);
  });

  it('answers HEAD with the headers of the file and counts no download', async () => {
    const before = await downloadCount();
    const response = await user.request('HEAD', `/api/files/download/${fileId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(pdf.length));
    expect(response.rawPayload.length).toBe(0);
    expect(await downloadCount()).toBe(before);
  });

  it('a download link of an account deleted since it was made answers 401 and counts nothing', async () => {
    const gone = await loginAs(app, 'User');
    const link = await gone.request('GET', `/api/files/download-link/${fileId}`);
    // The link has worked once, so the portal keeps in memory that its account exists.
    expect((await app.inject({ method: 'GET', url: link.json().url })).statusCode).toBe(200);
    expect((await admin.request('DELETE', `/api/accounts/${gone.account.id}`)).statusCode).toBe(200);
    const before = await downloadCount();
    expectMessage(await app.inject({ method: 'GET', url: link.json().url }), 401, FILE_MESSAGES.downloadLinkExpired);
    expect(await downloadCount()).toBe(before);
  });

  it('reads an edition afresh after its file is replaced, its language renamed or the edition deleted', async () => {
    const [ewe] = await app.db.insert(languages).values({ name: 'Ewe' }).returning();
    const july = { ...edition, language: 'Ewe', month: '7' };
    const first = makePdf('Teevo July');
    const { id } = (await uploadEdition(app, admin.headers, july, { name: 'july.pdf', data: first })).json();
    const link = (await user.request('GET', `/api/files/download-link/${id}`)).json().url;
    expect((await app.inject({ method: 'GET', url: link })).rawPayload.equals(first)).toBe(true);
    const corrected = makePdf('Teevo July, corrected');
    await uploadEdition(app, admin.headers, july, { name: 'july.pdf', data: corrected });
    expect((await app.inject({ method: 'GET', url: link })).rawPayload.equals(corrected)).toBe(true);
    const renamed = await admin.request('PUT', `/api/languages/${ewe?.id}`, { name: 'Eʋegbe' });
    expect(renamed.statusCode).toBe(200);
    const named = await app.inject({ method: 'GET', url: link });
    expect(named.headers['content-disposition']).toContain(`''Teevo-${encodeURIComponent('Eʋegbe')}-2025-07.pdf`);
    expectMessage(await admin.request('DELETE', `/api/file/delete/${id}`), 200, FILE_MESSAGES.deleted);
    expectMessage(await app.inject({ method: 'GET', url: link }), 404, FILE_MESSAGES.fileNotFound);
  });

  it('a client report right after a streamed download is not counted twice', async () => {
    await admin.request('GET', `/api/files/download/${fileId}`);
    const before = await downloadCount();
    for (const url of ['/api/transaction/countDownload/', '/api/transaction/create/']) {
      const response = await admin.request('POST', url, { user: admin.account.id, file: fileId });
      expect(response.statusCode).toBe(200);
    }
    expect(await downloadCount()).toBe(before);
  });
});

describe('an edition whose PDF is missing from the store', () => {
  it('answers 410 with the portal’s message, no attachment, no count, and shows in /api/files/missing', async () => {
    const uploaded = await uploadMonth('11', { name: 'nov.pdf', data: makePdf('November') });
    const id = uploaded.json().id as string;
    const [row] = await app.db.select().from(files).where(eq(files.id, id));
    await app.storage.remove(row?.storageKey as string);
    const counted = async () => (await app.db.select().from(downloads).where(eq(downloads.fileId, id))).length;
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await user.request(method, `/api/files/download/${id}`);
      expect(response.statusCode).toBe(410);
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(response.headers.etag).toBeUndefined();
      if (method === 'GET') expect(response.json()).toEqual(errorBody(FILE_MESSAGES.fileMissing));
    }
    expect(await counted()).toBe(0);
    expectMessage(await user.request('GET', `/api/files/download-link/${id}`), 410, FILE_MESSAGES.fileMissing);
    const missing = await admin.request('GET', '/api/files/missing');
    expect(missing.statusCode).toBe(200);
    expect(missing.json().ids).toEqual([id]);
    expect((await user.request('GET', '/api/files/missing')).statusCode).toBe(403);
    await uploadMonth('11', { name: 'nov.pdf', data: makePdf('Nov') });
    expect((await admin.request('GET', '/api/files/missing')).json().ids).toEqual([]);
  });
});

describe('DELETE /api/file/delete/:id', () => {
  it('removes record and stored file; the download history stays', async () => {
    const response = await uploadMonth('9', { name: 'sept.pdf', data: makePdf('Sept') });
    const id = response.json().id;
    await user.request('GET', `/api/files/download/${id}`);
    const pdfsBefore = (await storedPdfs()).length;
    expect((await user.request('DELETE', `/api/file/delete/${id}`)).statusCode).toBe(403);
    expectMessage(await admin.request('DELETE', `/api/file/delete/${id}`), 200, FILE_MESSAGES.deleted);
    expect((await storedPdfs()).length).toBe(pdfsBefore - 1);
    const history = await app.db.select().from(downloads).where(eq(downloads.month, 9));
    expect(history).toHaveLength(1);
    expect(history[0]?.fileId).toBeNull();
    expect((await admin.request('DELETE', `/api/file/delete/${id}`)).statusCode).toBe(404);
  });
});

describe('a garbled upload', () => {
  it('answers 400 with a message and stores nothing', async () => {
    const before = await storedPdfs();
    const response = await postForm(
      app,
      '/api/files/uploadfile',
      admin.headers,
      cutMultipart('file', 'a.pdf', '%PDF-1.4 cut'),
    );
    expectMessage(response, 400, MESSAGES.brokenUpload);
    expect(await storedPdfs()).toEqual(before);
    expect(await incoming()).toBe(0);
  });
});
