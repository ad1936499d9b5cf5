import fs from 'node:fs';
import path from 'node:path';

/** Every file under `dir` (recursively) whose extension is in `extensions`; nothing when `dir` is missing. */
export function* sourceFiles(dir, extensions) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full, extensions);
    else if (extensions.has(path.extname(entry.name))) yield full;
  }
}
