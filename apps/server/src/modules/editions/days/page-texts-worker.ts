// Reads each page's text of the PDF it is given, in a thread of its own: pdf.js's Node build parses on the thread
// that calls it, and a month's edition takes seconds of CPU that the server's requests must not wait behind.
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const data = workerData as Uint8Array;
// A file pdf.js can't open (damaged, or only starting like a PDF) has no pages to read.
const loading = getDocument({ data, disableFontFace: true, verbosity: 0 });
const pdf = await loading.promise.catch(() => undefined);
const pages: string[] = [];
try {
  for (let number = 1; pdf && number <= pdf.numPages; number++) {
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
} finally {
  await loading.destroy();
}
parentPort?.postMessage(pages);
