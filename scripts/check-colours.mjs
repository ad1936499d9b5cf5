// Colours come from the design tokens (ui/src/tokens.css) only: a colour literal — hex, rgb(), hsl() — in the
// shell's or a remote's source is a colour the dark theme does not know. Part of `npm run lint`; before it scans
// the tree it checks itself on fixtures, so a rule that stops biting fails too.
import fs from 'node:fs';
import path from 'node:path';
import { sourceFiles } from './lib/source-files.mjs';

const ROOTS = [
  'shell/src',
  'ui/src',
  'mf-marketing/src',
  'mf-exam/src',
  'mf-learn/src',
  'mf-dashboard/src',
  'mf-account/src',
  'mf-admin/src',
];
/** The one file where colours are written. */
const TOKENS = path.join('ui', 'src', 'tokens.css');
const EXTENSIONS = new Set(['.css', '.ts', '.tsx']);

const HEX = /(?<![\w&])#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})\b(?!-)/gi;
const FUNCTION = /\b(?:rgba?|hsla?)\(/gi;

/** The colour literals of one file's text: `{ line, text }` for each. */
export function colourLiterals(file, text) {
  const found = [];
  const css = file.endsWith('.css');
  text.split('\n').forEach((line, i) => {
    // In CSS only declarations hold colours: `#id` selectors are not colours.
    const scanned = css
      ? line.includes(':') && !/[{,]\s*$/.test(line)
        ? line.slice(line.indexOf(':'))
        : ''
      : line;
    const comment = scanned.indexOf('//');
    const code = !css && comment >= 0 && !/https?:\/\//.test(scanned) ? scanned.slice(0, comment) : scanned;
    for (const match of [...code.matchAll(HEX), ...code.matchAll(FUNCTION)]) {
      found.push({ line: i + 1, text: match[0] });
    }
  });
  return found;
}

const FIXTURES = [
  ['a.module.css', '.x {\n  color: #fff;\n}', 1],
  ['a.module.css', '.x {\n  background: rgb(0 0 0 / 45%);\n}', 1],
  ['a.module.css', '.x {\n  border-color: hsl(120 50% 50%);\n}', 1],
  ['a.module.css', '.x {\n  color: var(--bf-color-text);\n  box-shadow: var(--bf-shadow-1);\n}', 0],
  ['a.module.css', '#bf-page {\n  padding-top: 61px;\n}\n#add,\n#fade {\n  display: block;\n}', 0],
  ['a.tsx', '<path fill="#14532d" d="M0 0" />', 1],
  ['a.tsx', "const style = { color: '#b91c1c' };", 1],
  ['a.tsx', '<a href="#features">Features</a> <a href="#faq">FAQ</a>', 0],
  ['a.tsx', "const s = { fill: 'var(--bf-color-primary)' }; // not #fff here", 0],
  ['a.ts', 'const entity = "&#128266;";', 0],
];

function selfTest() {
  const failed = FIXTURES.filter(([file, text, count]) => colourLiterals(file, text).length !== count);
  for (const [file, text, count] of failed) {
    console.error(`check-colours: fixture ${file} expected ${count} colour(s):\n${text}`);
  }
  return failed.length === 0;
}

if (!selfTest()) process.exit(1);
const problems = [];
let files = 0;
for (const root of ROOTS) {
  for (const file of sourceFiles(root, EXTENSIONS)) {
    if (file === TOKENS) continue;
    files++;
    for (const { line, text } of colourLiterals(file, fs.readFileSync(file, 'utf8'))) {
      problems.push(`${file}:${line}: ${text} — use a token of ui/src/tokens.css (var(--bf-color-…))`);
    }
  }
}
if (problems.length) {
  console.error(
    `check-colours: ${problems.length} colour literal(s) outside the tokens:\n${problems.join('\n')}`,
  );
  process.exit(1);
}
console.info(`check-colours: ${FIXTURES.length} fixtures, ${files} files, no colour outside the tokens`);
