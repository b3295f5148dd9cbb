import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { fuzzSettings, problemsOf, startFuzzer } from './fuzzer.ts';
import { FORMS } from './requests.ts';

/**
 * Every operation of the OpenAPI document, fed valid and spoilt requests as every caller: no answer may
 * be a 5xx, nor a 2xx the permission table forbids. FUZZ_SEED and FUZZ_RUNS replay or widen it;
 * `node bench/fuzz.ts` runs it at length.
 */
const settings = fuzzSettings(1);
const fuzzer = await startFuzzer();
afterAll(() => fuzzer.close());

describe('the API under fuzz', () => {
  it('knows the form of every multipart route it names', () => {
    const routes = fuzzer.operations.map((operation) => operation.route);
    expect(Object.keys(FORMS).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(fuzzer.operations)('$route answers no 5xx and no forbidden 2xx', async (operation) => {
    const problems = problemsOf(await fuzzer.run(operation, settings));
    const reports = problems.map(({ count, report }) => `${count}× ${report}`);
    if (problems.length > 0)
      expect.fail(`${problems.length} distinct 5xx or forbidden 2xx:\n\n${reports.join('\n\n')}`);
  });
});

describe('node bench/fuzz.ts', () => {
  it('runs outside Vitest, as the README says', { timeout: 120_000 }, async () => {
    const { VITEST: _inside, ...shell } = process.env;
    const bench = path.resolve(import.meta.dirname, '../../../../bench/fuzz.ts');
    const { stdout } = await promisify(execFile)(process.execPath, [bench], { env: { ...shell, FUZZ_RUNS: '0' } });
    expect(stdout).toContain('0 distinct 5xx or forbidden 2xx');
  });
});
