import type { Storage } from '../../../plugins/storage/types.ts';

/** Reads a stored file whole; undefined when the store does not have it. */
async function readStored(storage: Storage, key: string): Promise<Uint8Array | undefined> {
  const size = await storage.size(key);
  const reader = size === undefined ? undefined : await storage.open(key, 0);
  if (size === undefined || !reader) return undefined;
  try {
    const bytes = Buffer.alloc(size);
    for (let at = 0; at < size; ) {
      const read = await new Promise<number>((resolve, reject) =>
        reader.read(bytes.subarray(at), at, (error, count) => (error ? reject(error) : resolve(count))),
      );
      if (read === 0) break;
      at += read;
    }
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } finally {
    await reader.close();
  }
}

/**
 * The text of each page of a stored PDF, page 1 first, its lines as pdf.js ends them (decision 050); undefined
 * when the store does not have the file, none when pdf.js can't open it. pdf.js's Node build is loaded on the
 * first read.
 */
export async function readPages(storage: Storage, key: string): Promise<string[] | undefined> {
  const data = await readStored(storage, key);
  if (!data) return undefined;
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // A file pdf.js can't open (damaged, or only starting like a PDF) has no pages to read.
  const loading = getDocument({ data, disableFontFace: true, verbosity: 0 });
  const pdf = await loading.promise.catch(() => undefined);
  if (!pdf) {
    await loading.destroy();
    return [];
  }
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
          .join('')
          .trim(),
      );
      page.cleanup();
    }
    return pages;
  } finally {
    await loading.destroy();
  }
}
