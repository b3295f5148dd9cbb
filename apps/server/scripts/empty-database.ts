// `node scripts/empty-database.ts`: the image's build makes the empty embedded database that its new data
// folders start from (src/db/index.ts, emptyDatabaseFile; decision 060). Not part of `npm start`'s build: an
// upgraded PGlite would find a database made by the one before.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { emptyDatabaseFile, writeEmptyDatabase } from '../src/db/index.ts';

await mkdir(path.dirname(emptyDatabaseFile), { recursive: true });
await writeEmptyDatabase(emptyDatabaseFile);
