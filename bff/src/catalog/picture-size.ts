import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The size in pixels of a catalog picture, read from its file's header: PNG (the IHDR chunk) and baseline or
 * progressive JPEG (the first SOF segment) are the formats the catalog uses. Anything else, or a file cut short, is
 * null: the import then names the picture instead of guessing its size.
 */
export interface PictureSize {
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngSize(b: Buffer): PictureSize | null {
  // Signature (8), then the IHDR chunk: length (4), type (4), width (4), height (4).
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** Start-of-frame markers (SOF0–SOF15 without DHT 0xC4, JPG 0xC8 and DAC 0xCC): the frame's size follows them. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(b: Buffer): PictureSize | null {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] as number;
    // Fill bytes and markers without a length (RSTn, TEM).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    if (isStartOfFrame(marker)) {
      // Length (2), precision (1), height (2), width (2).
      if (at + 9 > b.length) return null;
      return { width: b.readUInt16BE(at + 7), height: b.readUInt16BE(at + 5) };
    }
    // Start of scan or end of image before any frame: no size.
    if (marker === 0xda || marker === 0xd9 || length < 2) return null;
    at += 2 + length;
  }
  return null;
}

export function pictureSize(file: Buffer): PictureSize | null {
  const size = PNG_SIGNATURE.every((byte, i) => file[i] === byte)
    ? pngSize(file)
    : file[0] === 0xff && file[1] === 0xd8
      ? jpegSize(file)
      : null;
  return size && size.width > 0 && size.height > 0 ? size : null;
}

/**
 * The sizes of the pictures in a folder, by file name (a catalog imported before sizes were read has only the
 * folder): each PNG or JPEG read once; a file of another kind, or a folder that cannot be read, is left out.
 */
export async function readPictureSizes(folder: string): Promise<Record<string, PictureSize>> {
  const sizes: Record<string, PictureSize> = {};
  let files: string[];
  try {
    files = await fs.readdir(folder);
  } catch {
    return sizes;
  }
  for (const file of files) {
    if (!/\.(png|jpe?g)$/i.test(file)) continue;
    try {
      const size = pictureSize(await fs.readFile(path.join(folder, file)));
      if (size) sizes[file] = size;
    } catch {
      // Unreadable: no size, the picture still shows.
    }
  }
  return sizes;
}
