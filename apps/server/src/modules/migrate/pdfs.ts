import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/index.ts';
import type { Storage } from '../../plugins/storage/types.ts';
import { removeUnrecorded, startsLikePdf } from '../files/service.ts';

export interface FoundPdf {
  path: string;
  size: number;
  isPdf: boolean;
}

export interface PdfSource {
  /** The first of the names that the folder holds (names compare case-insensitively, as on the old server's disk they may not). */
  find(...names: (string | undefined)[]): Promise<FoundPdf | undefined>;
}

export async function openPdfFolder(folder: string): Promise<PdfSource> {
  const entries = await readdir(folder, { withFileTypes: true });
  const byName = new Map(
    entries.filter((entry) => entry.isFile()).map((entry) => [entry.name.toLowerCase(), path.join(folder, entry.name)]),
  );
  return {
    async find(...names) {
      const found = names.map((name) => name && byName.get(name.toLowerCase())).find(Boolean);
      if (!found) return undefined;
      const file = await open(found);
      try {
        const head = Buffer.alloc(8);
        const { bytesRead } = await file.read(head, 0, head.length, 0);
        return { path: found, size: (await file.stat()).size, isPdf: startsLikePdf(head.subarray(0, bytesRead)) };
      } finally {
        await file.close();
      }
    },
  };
}

export interface CopiedPdf {
  storageKey: string;
  fileSize: number;
  sha256: string | null;
}

/**
 * Copies legacy PDFs into the file store, in the import's transaction (which has taken the store for
 * writing). A dry run copies nothing and hands out keys that its rolled-back records never use. Stored
 * files are removed again if the import fails; files that imported records no longer point at are
 * removed only after the import is committed.
 */
export function createPdfCopier(storage: Storage, dryRun: boolean) {
  const stored: string[] = [];
  const replaced: string[] = [];
  return {
    async copy(pdf: FoundPdf): Promise<CopiedPdf> {
      if (dryRun) return { storageKey: `dry-run-${randomUUID()}.pdf`, fileSize: pdf.size, sha256: null };
      const staged = await storage.stage(createReadStream(pdf.path));
      const storageKey = await staged.commit();
      stored.push(storageKey);
      return { storageKey, fileSize: staged.size, sha256: staged.sha256 };
    },
    replaced(storageKey: string) {
      replaced.push(storageKey);
    },
    async afterCommit() {
      if (!dryRun) await Promise.all(replaced.map((key) => storage.remove(key)));
    },
    afterRollback: (db: Database) => removeUnrecorded(db, storage, stored),
  };
}

export type PdfCopier = ReturnType<typeof createPdfCopier>;
