import type { TestApp } from './app.ts';
import { multipart, postForm } from './files.ts';

/** A country file in part `jsonfile`, as the country upload screen sends it. */
export function countryFileBody(content: string | Buffer, file: { name?: string; type?: string } = {}) {
  return multipart(
    {},
    {
      field: 'jsonfile',
      name: file.name ?? 'countries.json',
      type: file.type ?? 'application/json',
      data: Buffer.from(content),
    },
  );
}

export async function uploadCountries(
  app: TestApp,
  headers: Record<string, string>,
  content: string | Buffer,
  file: { name?: string; type?: string } = {},
) {
  return postForm(app, '/api/files/uploadCountries', headers, await countryFileBody(content, file));
}

/** Asks what uploading the file would change (POST /api/countries/preview); changes nothing. */
export async function previewCountries(app: TestApp, headers: Record<string, string>, content: string | Buffer) {
  return postForm(app, '/api/countries/preview', headers, await countryFileBody(content));
}
