// Icons come from @buergerfit/ui's <Icon> (inline SVG): an emoji or a pictographic symbol used as an icon renders
// as an empty box where no emoji font is installed (many Linux desktops, some Android builds) and reads out oddly.
// Part of `npm run lint`: rejects them in the shell's, the UI package's and the remotes' source and in the
// translations. Typographic characters stay allowed: arrows in key hints (← →), ©, ·, –. Before it scans the tree
// it checks itself on fixtures, so a rule that stops biting fails too.
import fs from 'node:fs';
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
  'locales/de',
  'locales/en',
  'locales/hr',
];
const EXTENSIONS = new Set(['.css', '.ts', '.tsx', '.json']);

/**
 * Emoji and pictographs (⏱ 🔊 ⚠ ✔ …), the dingbats block (✓ ✗ ✂ …), stars (★ ☆) and the emoji variation
 * selector — but not ©, ® and ™, which Unicode counts as pictographic and which are text.
 */
const PICTOGRAPH = /(?![\u00a9\u00ae\u2122])[\p{Extended_Pictographic}\u2700-\u27bf\u2605\u2606]|\ufe0f/gu;

/** The pictographs of one file's text: `{ line, text }` for each. */
export function pictographs(text) {
  const found = [];
  text.split('\n').forEach((line, i) => {
    for (const match of line.matchAll(PICTOGRAPH)) found.push({ line: i + 1, text: match[0] });
  });
  return found;
}

const FIXTURES = [
  ['<span aria-hidden="true">🔊 </span>', 1],
  ['⏱ {mmss(left)}', 1],
  ["{bookmarked ? '★ ' : '☆ '}", 2],
  ['<span>✓</span> <span>✗</span>', 2],
  ['"warning": "⚠️ Achtung"', 2],
  ['"copyright": "© {{year}} Bürgerfit ®™"', 0],
  ['"shortcuts": "1–4 wählen · ← → zurück/weiter"', 0],
  ['<Icon name="timer" /> {mmss(left)}', 0],
  ['"title": "Einbürgerungstest – Übung"', 0],
];

function selfTest() {
  const failed = FIXTURES.filter(([text, count]) => pictographs(text).length !== count);
  for (const [text, count] of failed) console.error(`check-icons: fixture expected ${count}: ${text}`);
  return failed.length === 0;
}

if (!selfTest()) process.exit(1);
const problems = [];
let files = 0;
for (const root of ROOTS) {
  for (const file of sourceFiles(root, EXTENSIONS)) {
    files++;
    for (const { line, text } of pictographs(fs.readFileSync(file, 'utf8'))) {
      problems.push(`${file}:${line}: "${text}" — use <Icon name="…"> from @buergerfit/ui`);
    }
  }
}
if (problems.length) {
  console.error(
    `check-icons: ${problems.length} emoji or pictograph(s) used as text:\n${problems.join('\n')}`,
  );
  process.exit(1);
}
console.info(`check-icons: ${FIXTURES.length} fixtures, ${files} files, no emoji as icons`);
