import type { TestApp } from './app.ts';

/** A small but genuine one-page PDF carrying `text`, with a correct cross-reference table. */
export function makePdf(text: string, padding = 0): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  if (padding > 0) body += `%${'x'.repeat(padding)}\n`;
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
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
