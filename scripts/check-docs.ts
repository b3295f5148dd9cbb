/**
 * The docs name only what exists, checked by `npm run lint` (issue 31): every file path a Markdown file of
 * README.md or docs/ writes in backticks is one of the repository's files (whole, or the end of one's path), every
 * relative link leads to a file, and every decision says its date and status under its title. Prints each breach
 * and exits 1.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '..');
const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);

/** Files the docs name that the repository does not hold: what a build, a package or the system makes. */
const NOT_OURS = new Set([
  'sw.js', // the service worker the web build writes
  'manifest.json', // the web build's manifests
  'server.inputs.json', // the server build's list of its inputs
  'primeflex.min.css', // PrimeFlex's stylesheet, in node_modules
  'primeicons.css', // PrimeIcons' stylesheet, in node_modules
  'postgresql.conf', // PostgreSQL's own settings file
]);
/** A file path in backticks: a name with a source or document extension, maybe under folders. */
const PATH_IN_CODE = /`([\w@.-]+(?:\/[\w@.-]+)*\.(?:ts|tsx|mjs|js|json|sql|md|css|conf|ya?ml))`/g;
/** A Markdown link's target that is not a web address or an anchor. */
const RELATIVE_LINK = /\]\((?!https?:|mailto:|#)([^)\s#]+)(?:#[^)]*)?\)/g;
/** The line under a decision's title. */
const DECISION_STATUS = /^Date: \d{4}-\d{2}-\d{2} · Status: (?:accepted|superseded by \d{3})$/;

const isOurs = (name: string) =>
  tracked.some((file) => file === name || file.endsWith(`/${name}`)) ||
  NOT_OURS.has(path.basename(name)) ||
  name.split('/').includes('dist');

const documents = tracked.filter((file) => file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md')));
const breaches: string[] = [];
for (const document of documents) {
  const text = readFileSync(path.join(ROOT, document), 'utf8');
  for (const [, name] of text.matchAll(PATH_IN_CODE)) {
    if (name && !isOurs(name)) breaches.push(`${document}: names ${name}, which the repository does not hold`);
  }
  for (const [, target] of text.matchAll(RELATIVE_LINK)) {
    if (target && !existsSync(path.join(ROOT, path.dirname(document), decodeURI(target))))
      breaches.push(`${document}: links to ${target}, which does not exist`);
  }
  if (document.startsWith('docs/decisions/') && !DECISION_STATUS.test(text.split('\n')[2] ?? ''))
    breaches.push(
      `${document}: the line after the title must say "Date: YYYY-MM-DD · Status: accepted" (or superseded by NNN)`,
    );
}

for (const breach of breaches) console.error(breach);
if (breaches.length > 0) process.exit(1);
