// Proves that the import boundaries in biome.json bite (docs/decisions.md, "Boundaries"): every fixture below is
// written into a scratch copy of the repository layout and linted with the real biome.json. A forbidden import
// must be reported by noRestrictedImports, an allowed one must not. If someone loosens a pattern, renames a
// workspace or an override stops matching, `npm run lint` fails here instead of the boundary quietly eroding.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FORBIDDEN = 'forbidden';
const ALLOWED = 'allowed';

/** [file as it would sit in the repo, import specifier, expectation]. */
const FIXTURES = [
  // A remote never imports another remote, the shell's src/ or the BFF.
  ['mf-dashboard/src/types.ts', '../../bff/src/dashboard/schema', FORBIDDEN],
  ['mf-exam/src/api.ts', '@buergerfit/bff/src/app', FORBIDDEN],
  ['mf-learn/src/pages/LearnPage.tsx', '../../../mf-exam/src/storage', FORBIDDEN],
  ['mf-learn/src/App.tsx', '@buergerfit/mf-exam/src/App', FORBIDDEN],
  ['mf-dashboard/src/App.tsx', 'mf_exam/App', FORBIDDEN],
  ['mf-account/src/Login.tsx', '../../shell/src/layout/Header', FORBIDDEN],
  ['mf-marketing/test/util.tsx', '@buergerfit/shell/src/routes', FORBIDDEN],
  // The shell never imports a remote (nor the BFF).
  ['shell/src/routes.ts', '../../mf-learn/src/App', FORBIDDEN],
  ['shell/src/layout/Header.tsx', 'mf_marketing/ContactDialog', FORBIDDEN],
  ['shell/src/main.tsx', '../../bff/src/config', FORBIDDEN],
  // The BFF never imports a frontend.
  ['bff/src/app.ts', '@buergerfit/platform', FORBIDDEN],
  ['bff/src/web/static.ts', '../../../shell/src/routes', FORBIDDEN],
  ['bff/src/api/user/user.ts', '@buergerfit/mf-account/src/accountApi', FORBIDDEN],
  // The shared packages depend on no app.
  ['shell/platform/src/session.tsx', '../../src/layout/Header', FORBIDDEN],
  ['shell/platform/src/api.ts', '@buergerfit/bff/src/config', FORBIDDEN],
  ['contract/src/user.ts', '@buergerfit/bff/src/users/repository', FORBIDDEN],
  ['contract/src/exams.ts', '../../mf-exam/src/api', FORBIDDEN],
  // What each side may use.
  ['mf-exam/src/api.ts', '@buergerfit/contract', ALLOWED],
  ['mf-exam/src/ExamRunner.tsx', '@buergerfit/platform', ALLOWED],
  ['mf-learn/src/styles.ts', '@buergerfit/ui/base.module.css', ALLOWED],
  ['mf-learn/src/pages/LearnPage.tsx', '../Practice', ALLOWED],
  ['shell/src/main.tsx', '@buergerfit/platform', ALLOWED],
  ['bff/src/api/user/user.ts', '@buergerfit/contract', ALLOWED],
  ['bff/src/api/user/user.ts', '@buergerfit/locales', ALLOWED],
  ['contract/src/common.ts', '@buergerfit/locales', ALLOWED],
];

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-boundaries-'));
try {
  fs.copyFileSync(path.join(root, 'biome.json'), path.join(scratch, 'biome.json'));
  // One file per fixture (numbered, so two fixtures for the same module stay apart), laid out like the repo.
  const files = FIXTURES.map(([file, specifier, expected], i) => {
    const { dir, name, ext } = path.parse(file);
    const rel = path.join(dir, `${name}.fixture${i}${ext}`);
    fs.mkdirSync(path.join(scratch, dir), { recursive: true });
    fs.writeFileSync(
      path.join(scratch, rel),
      `import type * as M from '${specifier}';\n\nexport type T = typeof M;\n`,
    );
    return { rel: rel.split(path.sep).join('/'), file, specifier, expected };
  });
  const biome = path.join(root, 'node_modules', '.bin', 'biome');
  let out = '';
  try {
    out = execFileSync(
      biome,
      ['lint', '--reporter=json', '--vcs-enabled=false', '--max-diagnostics=none', '.'],
      {
        cwd: scratch,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
  } catch (error) {
    out = error.stdout; // biome exits 1 when it reports errors, which the forbidden fixtures are meant to cause
  }
  const report = JSON.parse(out);
  const flagged = new Set(
    report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => d.location.path),
  );
  const wrong = files.filter(({ rel, expected }) => flagged.has(rel) !== (expected === FORBIDDEN));
  if (wrong.length) {
    console.error('Import boundaries do not hold (biome.json overrides):');
    for (const { file, specifier, expected } of wrong)
      console.error(`  ${file}: import '${specifier}' should be ${expected}`);
    process.exit(1);
  }
  console.info(
    `check-boundaries: ${files.length} fixtures, every forbidden import reported, every allowed one clean`,
  );
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
