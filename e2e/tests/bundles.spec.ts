import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { test } from '../support/test';

// The API contract (@buergerfit/contract) is zod schemas; the BFF runs them, the shell and the remotes import
// their *types* only (docs/decisions.md, "Contract"). This proves no schema code reached a browser: it reads
// every JavaScript file the frontends' builds wrote (the web server of this suite builds them first) and looks
// for the names zod's constructors carry, which survive minification.
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const FRONTENDS = ['shell', 'mf-marketing', 'mf-exam', 'mf-learn', 'mf-dashboard', 'mf-account'];
const ZOD_MARKERS = /\$ZodType|\$ZodError|ZodError/;

function scripts(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.m?js$/.test(f))
    .map((f) => path.join(dir, f));
}

test('the markers find zod where it is (the check can fail)', () => {
  const zodBuild = scripts(path.join(ROOT, 'node_modules', 'zod', 'v4', 'core'));
  expect(zodBuild.some((file) => ZOD_MARKERS.test(fs.readFileSync(file, 'utf8')))).toBe(true);
});

for (const app of FRONTENDS) {
  test(`${app}: no browser bundle contains zod`, () => {
    const files = scripts(path.join(ROOT, app, 'dist'));
    expect(files.length, `${app}/dist holds the build`).toBeGreaterThan(0);
    const withZod = files.filter((file) => ZOD_MARKERS.test(fs.readFileSync(file, 'utf8')));
    expect(withZod.map((file) => path.relative(ROOT, file))).toEqual([]);
  });
}
