import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The BFF's folder (the one with its package.json), found from this module's location: the same answer when
 * running the TypeScript sources (`bff/src/…`) and the production bundle (`bff/dist/…`).
 */
function findBffRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).name === '@buergerfit/bff') return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error('The BFF folder (package.json of @buergerfit/bff) was not found.');
    dir = up;
  }
}

export const BFF_ROOT = findBffRoot();
/** The repository root: relative paths in the environment resolve against it. */
export const REPO_ROOT = path.dirname(BFF_ROOT);
