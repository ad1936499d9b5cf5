import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { extract } from 'tar-stream';
import type { BuildFiles } from './artifacts';
import { InvalidBuild } from './validate';

/** Limits of one uploaded build: the largest remote today is about 2 MB in about 60 files. */
export const UPLOAD_LIMITS = { compressedBytes: 50 * 1024 * 1024, bytes: 200 * 1024 * 1024, files: 5_000 };

/** Thrown when the upload is larger than the limits allow (answered 413). */
export class UploadTooLarge extends Error {}

/**
 * Reads a gzipped tar of a remote's build output into memory: regular files only, paths relative to the build's
 * top folder. A tar made of the folder itself (`tar -czf b.tgz mf-learn/dist`) is accepted too: the common folder
 * around mf-manifest.json is dropped. Throws InvalidBuild for anything that is not such an archive.
 */
export async function readTarGz(body: Readable, limits = UPLOAD_LIMITS): Promise<BuildFiles> {
  const raw: BuildFiles = new Map();
  let compressed = 0;
  let total = 0;
  const tar = extract();
  tar.on('entry', (header, stream, next) => {
    // An entry's own error also fails the whole extraction, which the pipeline below reports.
    stream.on('error', () => {});
    const chunks: Buffer[] = [];
    const name = header.name.replace(/\\/g, '/');
    if (header.type === 'directory') {
      stream.resume();
      stream.on('end', next);
      return;
    }
    if (header.type !== 'file') {
      stream.resume();
      next(new InvalidBuild(`The archive holds ${header.type} ${name}: only files and folders are allowed.`));
      return;
    }
    const clean = path.posix.normalize(name).replace(/^(\.\/)+/, '');
    if (clean.startsWith('/') || clean === '..' || clean.startsWith('../') || clean.includes('\0')) {
      stream.resume();
      next(new InvalidBuild(`The archive holds a path outside its folder: ${name}`));
      return;
    }
    stream.on('data', (data: unknown) => {
      const chunk = data as Buffer;
      total += chunk.length;
      if (total > limits.bytes)
        stream.destroy(new UploadTooLarge('The build is larger than 200 MB unpacked.'));
      else chunks.push(chunk);
    });
    stream.on('end', () => {
      raw.set(clean, Buffer.concat(chunks));
      if (raw.size > limits.files) next(new UploadTooLarge(`The build has more than ${limits.files} files.`));
      else next();
    });
  });
  body.on('data', (chunk: Buffer) => {
    compressed += chunk.length;
    if (compressed > limits.compressedBytes)
      body.destroy(new UploadTooLarge('The upload is larger than 50 MB.'));
  });
  try {
    await pipeline(body, zlib.createGunzip(), tar);
  } catch (err) {
    if (err instanceof InvalidBuild || err instanceof UploadTooLarge) throw err;
    throw new InvalidBuild(
      'The body is not a gzipped tar archive of the build (tar -czf build.tgz -C dist .).',
    );
  }
  return dropCommonFolder(raw);
}

function dropCommonFolder(files: BuildFiles): BuildFiles {
  if (files.has('mf-manifest.json')) return files;
  const manifests = [...files.keys()].filter((f) => f.endsWith('/mf-manifest.json'));
  if (manifests.length !== 1) return files;
  const prefix = (manifests[0] as string).slice(0, -'mf-manifest.json'.length);
  const inside = [...files.entries()].filter(([f]) => f.startsWith(prefix));
  return new Map(inside.map(([f, data]) => [f.slice(prefix.length), data]));
}
