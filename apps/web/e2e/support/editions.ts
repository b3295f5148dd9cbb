import { type APIRequestContext, expect } from '@playwright/test';
import type { FileRecord } from '@portal/contract';
import { bearerOf } from './session.ts';

/** The year the end-to-end editions are uploaded for: the current one, always offered. */
export const EDITION_YEAR = new Date().getFullYear();

/** Adds the language unless an earlier test did. */
export async function ensureLanguage(request: APIRequestContext, name: string) {
  const response = await request.post('/api/languages/create', { data: { name }, headers: await bearerOf(request) });
  expect([201, 409]).toContain(response.status());
}

/** Uploads a PDF as the book's (Teevo's unless told) edition of that month, in English and EDITION_YEAR unless told. */
export async function uploadThroughApi(
  request: APIRequestContext,
  month: number,
  data: Buffer,
  book = 'Teevo',
  { language = 'English', year = EDITION_YEAR }: { language?: string; year?: number } = {},
) {
  const response = await request.post('/api/files/uploadfile', {
    headers: await bearerOf(request),
    multipart: {
      book,
      language,
      year: String(year),
      month: String(month),
      file: {
        name: `${book}_${language}_${year}_${String(month).padStart(2, '0')}.pdf`,
        mimeType: 'application/pdf',
        buffer: data,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as FileRecord;
}
