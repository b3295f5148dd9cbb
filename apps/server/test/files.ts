import { randomBytes } from 'node:crypto';
import type { TestApp } from './app.ts';

/** A PDF of these objects (numbered from 1, the first the catalogue), `padding` bytes of comment, and a correct cross-reference table. */
function assemblePdf(objects: (string | Buffer)[], padding = 0): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let length = parts[0]?.length ?? 0;
  const add = (part: string | Buffer) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const offsets = objects.map((object, index) => {
    const offset = length;
    add(`${index + 1} 0 obj\n`);
    add(object);
    add('\nendobj\n');
    return offset;
  });
  if (padding > 0) add(`%${'x'.repeat(padding)}\n`);
  const xref = length;
  add(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  add(offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join(''));
  add(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

const pdfText = (text: string) => text.replace(/[()\\]/g, '');

/** A small but genuine one-page PDF carrying `text`, with a correct cross-reference table. */
export function makePdf(text: string, padding = 0): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${pdfText(text)}) Tj ET`;
  return assemblePdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      FONT,
    ],
    padding,
  );
}

/**
 * A one-page PDF with `text` at the top and, below it, a photo in two bands of colour, `[r, g, b]` each (sky over
 * ground), 400 by 300 points at (106, 100): a reader's drawing of the photo can be checked pixel by pixel.
 */
export function makePhotoPdf(text: string, [sky, ground]: [number[], number[]]) {
  const [width, height] = [40, 30];
  const band = (colour: number[]) => Buffer.alloc((width * height * 3) / 2).map((_, index) => colour[index % 3] ?? 0);
  const pixels = Buffer.concat([band(sky), band(ground)]);
  const content = `BT /F1 28 Tf 72 720 Td (${pdfText(text)}) Tj ET\nq 400 0 0 300 106 100 cm /Photo Do Q`;
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /Photo 6 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    FONT,
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${pixels.length} >>\nstream\n`,
        'latin1',
      ),
      pixels,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  ]);
}

/**
 * A PDF of `pages` pages of about `bytes` in all, laid out as a real edition is: each page's words and its
 * photo (random pixels, which nothing can compress) follow one another from the start of the file, the
 * cross-reference table at its end. Page N says "Page N", so a reader's drawing of it can be checked.
 */
export function makeEditionPdf({ pages, bytes, title = 'Edition' }: { pages: number; bytes: number; title?: string }) {
  const width = 600;
  const height = Math.max(1, Math.floor(bytes / pages / (width * 3)));
  const objects: (string | Buffer)[] = ['<< /Type /Catalog /Pages 2 0 R >>', '', FONT];
  const kids: string[] = [];
  for (let page = 1; page <= pages; page++) {
    const first = objects.length + 1;
    kids.push(`${first} 0 R`);
    const content = [
      `BT /F1 28 Tf 72 730 Td (${pdfText(title)}) Tj ET`,
      `BT /F1 64 Tf 72 620 Td (Page ${page}) Tj ET`,
      `q 468 0 0 ${Math.round((468 * height) / width)} 72 72 cm /Photo Do Q`,
    ].join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${first + 1} 0 R /Resources << /Font << /F1 3 0 R >> /XObject << /Photo ${first + 2} 0 R >> >> >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      Buffer.concat([
        Buffer.from(
          `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${width * height * 3} >>\nstream\n`,
          'latin1',
        ),
        randomBytes(width * height * 3),
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  return assemblePdf(objects);
}

/** A multipart/form-data body as a browser would send it; the file goes in part `file` unless `field` says otherwise. */
export async function multipart(
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type?: string; field?: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file)
    form.append(
      file.field ?? 'file',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/pdf' }),
      file.name,
    );
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string },
  };
}

/** A multipart body cut off inside its one file part, as a dropped connection leaves it. */
export const cutMultipart = (field: string, fileName: string, content: string) => ({
  payload: `--xyz\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n\r\n${content}`,
  headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
});

/** POSTs a body from multipart() or cutMultipart() with the caller's `headers`. */
export function postForm(
  app: TestApp,
  url: string,
  headers: Record<string, string>,
  body: { payload: Buffer | string; headers: Record<string, string> },
) {
  return app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
}

export const edition = { book: 'Teevo', language: 'English', year: '2025', month: '3' };

export async function uploadEdition(
  app: TestApp,
  headers: Record<string, string>,
  fields: Record<string, string> = edition,
  file = { name: 'Teevo_English_2025_03.pdf', data: makePdf('Teevo March') },
) {
  return postForm(app, '/api/files/uploadfile', headers, await multipart(fields, file));
}
