/**
 * The API fuzz of apps/server/test/fuzz at length: FUZZ_RUNS (default 10) requests of every kind per
 * operation, each sent as every caller. Prints the requests sent per operation and caller (and how many
 * answered 2xx), the status histogram, and every distinct 5xx or forbidden 2xx with one request that
 * shows it and how to replay it; exits 1 when there is any.
 * Run: node bench/fuzz.ts            FUZZ_RUNS=50 FUZZ_SEED=7 node bench/fuzz.ts
 */
import { performance } from 'node:perf_hooks';
import { type Answer, CALLERS, fuzzSettings, problemsOf, startFuzzer } from '../apps/server/test/fuzz/fuzzer.ts';

const settings = fuzzSettings(10);
const fuzzer = await startFuzzer();

try {
  console.log(
    `Fuzzing ${fuzzer.operations.length} operations, seed ${settings.seed}, ${settings.runs} runs of each kind...`,
  );
  const begin = performance.now();
  const answers: Answer[] = [];
  console.log(`\n${'operation'.padEnd(52)}${CALLERS.map((caller) => caller.padStart(16)).join('')}   (sent / 2xx)`);
  for (const operation of fuzzer.operations) {
    const mine = await fuzzer.run(operation, settings);
    answers.push(...mine);
    const cells = CALLERS.map((caller) => {
      const sent = mine.filter((answer) => answer.caller === caller);
      return `${sent.length} / ${sent.filter((answer) => answer.status < 300).length}`.padStart(16);
    });
    console.log(`${operation.route.padEnd(52)}${cells.join('')}`);
  }
  const seconds = (performance.now() - begin) / 1000;
  console.log(`\n${answers.length.toLocaleString()} requests in ${seconds.toFixed(0)} s`);

  const statuses = new Map<number, number>();
  for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  console.log('\nstatus   count');
  for (const status of [...statuses.keys()].sort())
    console.log(`${status}   ${String(statuses.get(status)).padStart(7)}`);

  const problems = problemsOf(answers);
  console.log(`\n${problems.length} distinct 5xx or forbidden 2xx`);
  for (const { count, report } of problems) console.log(`\n${count}× ${report}`);
  if (problems.length > 0) process.exitCode = 1;
} finally {
  await fuzzer.close();
}
