import { describe, expect, it } from 'vitest';
import { pictureSize } from './picture-size';

/** A PNG's first 24 bytes: the signature and the IHDR chunk's length, type, width and height. */
function png(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

/** A JPEG: SOI, an APP0 segment of `app` bytes, then a start-of-frame segment (`marker`) with the size. */
function jpeg(width: number, height: number, marker = 0xc0, app = 16): Buffer {
  const app0 = Buffer.alloc(2 + app);
  app0.writeUInt16BE(0xffe0, 0);
  app0.writeUInt16BE(app, 2);
  const sof = Buffer.alloc(2 + 17);
  sof.writeUInt16BE(0xff00 | marker, 0);
  sof.writeUInt16BE(17, 2);
  sof[4] = 8;
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

describe('a catalog picture’s size from its header', () => {
  it('reads a PNG', () => {
    expect(pictureSize(png(640, 561))).toEqual({ width: 640, height: 561 });
  });

  it('reads a baseline and a progressive JPEG after the segments before the frame', () => {
    expect(pictureSize(jpeg(750, 503))).toEqual({ width: 750, height: 503 });
    expect(pictureSize(jpeg(480, 242, 0xc2, 200))).toEqual({ width: 480, height: 242 });
  });

  it('knows no size for another format, a file cut short or a picture of no pixels', () => {
    expect(pictureSize(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeNull();
    expect(pictureSize(png(640, 561).subarray(0, 20))).toBeNull();
    expect(pictureSize(jpeg(750, 503).subarray(0, 26))).toBeNull();
    expect(pictureSize(png(0, 10))).toBeNull();
    expect(pictureSize(Buffer.alloc(0))).toBeNull();
  });
});
