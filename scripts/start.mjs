// `npm start`: build every frontend whose build is missing or older than its sources, then run the BFF,
// which serves the API, the shell and the remotes on one port (PORT, default 8080).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const FRONTENDS = [
  ['shell', 'index.html'],
  ['mf-marketing', 'mf-manifest.json'],
  ['mf-exam', 'mf-manifest.json'],
  ['mf-learn', 'mf-manifest.json'],
  ['mf-dashboard', 'mf-manifest.json'],
  ['mf-account', 'mf-manifest.json'],
  ['mf-admin', 'mf-manifest.json'],
];
// Inputs outside the workspace that every frontend build depends on.
const SHARED_INPUTS = ['shell/platform/src', 'ui/src', 'contract/src', 'locales', 'package-lock.json'];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of fs.readdirSync(p, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    max = Math.max(max, newest(path.join(p, e.name)));
  }
  return max;
}

const stale = FRONTENDS.filter(([ws, marker]) => {
  if (!fs.existsSync(path.join(ws, 'rsbuild.config.ts'))) return false;
  const built = path.join(ws, 'dist', marker);
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  const sources = Math.max(
    newest(path.join(ws, 'src')),
    newest(path.join(ws, 'public')),
    newest(path.join(ws, 'rsbuild.config.ts')),
    ...SHARED_INPUTS.map(newest),
  );
  return sources > builtAt;
}).map(([ws]) => ws);

if (stale.length > 0 && process.env.BUERGERFIT_SKIP_BUILD === '1') {
  console.warn(`Not building ${stale.join(', ')} (BUERGERFIT_SKIP_BUILD=1): serving the builds that exist.`);
} else if (stale.length > 0) {
  console.info(`Building ${stale.join(', ')} …`);
  const res = spawnSync('npm', ['run', 'build', ...stale.flatMap((ws) => ['--workspace', ws])], {
    stdio: 'inherit',
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const child = spawn('npm', ['start', '--workspace', 'bff'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
