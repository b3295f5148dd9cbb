import { defineConfig } from 'vitest/config';

/** The suites that touch stored files: they run once more with the files in a bucket (test/bucket.ts). */
const storageSuites = [
  'src/plugins/storage/storage.test.ts',
  'src/modules/files/files.test.ts',
  'src/modules/editions/send-edition.test.ts',
  'src/modules/editions/days/days.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'disk', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      { extends: true, test: { name: 'bucket', include: storageSuites, globalSetup: ['test/bucket-setup.ts'] } },
    ],
  },
});
