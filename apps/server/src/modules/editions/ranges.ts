import type { IncomingHttpHeaders } from 'node:http';

/** The validators of the file being served: its strong ETag and its Last-Modified date as sent. */
interface Validators {
  etag: string;
  lastModified: string;
}

/** RFC 9110 §13.1.2: the client's copy is current when If-None-Match is `*` or lists the ETag (W/ ignored). */
export function notModified(headers: IncomingHttpHeaders, { etag }: Validators): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return [...ifNoneMatch.matchAll(/(?:W\/)?("[^"]*")/g)].some(([, tag]) => tag === etag);
}

/**
 * RFC 9110 §13.1.5: a Range holds without If-Range, or when If-Range is exactly the ETag (a weak W/ tag
 * never is) or exactly the Last-Modified date; otherwise the whole file is sent.
 */
export function rangeApplies(headers: IncomingHttpHeaders, { etag, lastModified }: Validators): boolean {
  const ifRange = headers['if-range'];
  if (ifRange === undefined) return true;
  const value = String(ifRange).trim();
  return value === etag || value === lastModified;
}

/** Bytes from `start` to `end` of a file, both included, as in a Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/** The byte range a Range header asks for: undefined for the whole file, 'unsatisfiable' when outside it. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges or another unit: answering with the whole file is allowed and simplest.
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [, from, to] = match as unknown as [string, string, string];
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
