import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt)$/;

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text asset of a build folder, so the server sends
 * the smallest form without compressing on each request (koa-send picks them; on-the-fly brotli uses level 4).
 * Safe to run again: files that already have both siblings are skipped, and so are files `served` says are never
 * sent (given their path relative to `dir`, with `/`).
 */
export async function precompressDir(
  dir: string,
  served: (file: string) => boolean = () => true,
): Promise<number> {
  let written = 0;
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (!served(path.relative(dir, file).split(path.sep).join('/'))) continue;
    const [hasBr, hasGz] = await Promise.all([exists(`${file}.br`), exists(`${file}.gz`)]);
    if (hasBr && hasGz) continue;
    const data = await fs.readFile(file);
    if (data.length < 1024) continue;
    if (!hasBr) {
      await fs.writeFile(
        `${file}.br`,
        await brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
      );
    }
    if (!hasGz) await fs.writeFile(`${file}.gz`, await gzip(data, { level: 9 }));
    written++;
  }
  return written;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
