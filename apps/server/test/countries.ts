import type { TestApp } from './app.ts';
import { multipart } from './files.ts';

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
  const body = await countryFileBody(content, file);
  return app.inject({
    method: 'POST',
    url: '/api/files/uploadCountries',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}
