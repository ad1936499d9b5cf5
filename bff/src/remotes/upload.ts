import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { extract } from 'tar-stream';
import type { BuildFiles } from './artifacts';
import { BUILD_LIMITS, nameProblem, stripDot } from './build-rules';
import { InvalidBuild } from './validate';

/** Thrown when the upload is larger than the limits allow (answered 413). */
export class UploadTooLarge extends Error {}

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Passes bytes on until `limit` of them went through, then fails with `error()` before passing more. */
function byteLimit(limit: number, error: () => Error): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(error());
      else done(null, chunk);
    },
  });
}

/**
 * Reads a gzipped tar of a remote's build output into memory, within `BUILD_LIMITS`: regular files and folders
 * only, named by `nameProblem`'s rules, no name twice, no file where a folder is (or the other way round); paths
 * relative to the build's top folder. A tar made of the folder itself (`tar -czf b.tgz mf-learn/dist`) is accepted
 * too: the common folder around mf-manifest.json is dropped.
 *
 * The limits hold while the archive is read: the compressed bytes as they arrive, the unpacked bytes as they come
 * out of gunzip (tar headers and padding included, so a bomb of zeros stops at the limit), a file's size from its
 * header before any of it is read. Throws UploadTooLarge past a limit and InvalidBuild for anything that is not
 * such an archive. `body` itself is never destroyed (the caller still answers on its connection); what is left of
 * it is not read.
 */
export async function readTarGz(body: Readable, limits = BUILD_LIMITS): Promise<BuildFiles> {
  const raw: BuildFiles = new Map();
  /** Every folder named so far, given as an entry or as part of a file's path. */
  const folders = new Set<string>(['']);
  let entries = 0;
  let total = 0;
  const tar = extract();
  tar.on('entry', (header, stream, next) => {
    // An entry's own error also fails the whole extraction, which the pipeline below reports.
    stream.on('error', () => {});
    const refuse = (err: Error) => {
      stream.resume();
      next(err);
    };
    if (++entries > limits.entries) {
      refuse(new UploadTooLarge(`The build has more than ${limits.entries} files and folders.`));
      return;
    }
    const name = header.name;
    if (header.type !== 'file' && header.type !== 'directory') {
      refuse(
        new InvalidBuild(
          `The archive holds ${header.type} ${name.slice(0, 80)}: only files and folders are allowed.`,
        ),
      );
      return;
    }
    const problem = nameProblem(name);
    if (problem) {
      refuse(new InvalidBuild(problem));
      return;
    }
    const clean = stripDot(name);
    if (header.type === 'file' && clean === '') {
      refuse(new InvalidBuild(`The archive holds a file without a name: ${JSON.stringify(name)}.`));
      return;
    }
    // Every folder above the entry; none of them may be a file, nor may a file be named like a folder or twice.
    const parents = clean.split('/').map((_, i, all) => all.slice(0, i).join('/'));
    const clash =
      parents.find((p) => raw.has(p)) ??
      (raw.has(clean) || (header.type === 'file' && folders.has(clean)) ? clean : undefined);
    if (clash !== undefined) {
      refuse(
        new InvalidBuild(
          `The archive holds ${clash} twice (as two files, or as a file and a folder): each path names one file.`,
        ),
      );
      return;
    }
    for (const p of parents) folders.add(p);
    if (header.type === 'directory') {
      folders.add(clean);
      stream.resume();
      stream.on('end', () => next());
      return;
    }
    const size = header.size ?? 0;
    if (size > limits.fileBytes) {
      refuse(new UploadTooLarge(`A file of the build is larger than ${mb(limits.fileBytes)}: ${clean}.`));
      return;
    }
    if (total + size > limits.unpackedBytes) {
      refuse(new UploadTooLarge(`The build is larger than ${mb(limits.unpackedBytes)} unpacked.`));
      return;
    }
    total += size;
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
    stream.on('end', () => {
      raw.set(clean, Buffer.concat(chunks));
      next();
    });
  });
  // Headers, padding and the end of the archive come on top of the files' own bytes.
  const tarBytes = limits.unpackedBytes + (limits.entries + 2) * 1024 + 20 * 512;
  const compressed = byteLimit(
    limits.uploadBytes,
    () => new UploadTooLarge(`The upload is larger than ${mb(limits.uploadBytes)}.`),
  );
  const unpacked = byteLimit(
    tarBytes,
    () => new UploadTooLarge(`The build is larger than ${mb(limits.unpackedBytes)} unpacked.`),
  );
  body.pipe(compressed);
  try {
    await pipeline(compressed, zlib.createGunzip(), unpacked, tar);
  } catch (err) {
    if (err instanceof InvalidBuild || err instanceof UploadTooLarge) throw err;
    throw new InvalidBuild(
      'The body is not a gzipped tar archive of the build (tar -czf build.tgz -C dist .).',
    );
  } finally {
    body.unpipe(compressed);
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
