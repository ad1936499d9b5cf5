import fs from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { writeShellDist } from './helpers/shell-dist';
import { signIn } from './helpers/sign-in';

// Every Accept-Encoding a client may send, well-formed or not, gets a 2xx with a body that decodes with the
// Content-Encoding given; a client that refuses every coding, identity included, gets the identity form.

let app: TestApp;
let learner: string;
let root: string;
beforeAll(async () => {
  // A shell build of its own (a fresh clone has no built frontends when these tests run), whose page is large
  // enough to compress.
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-encodings-'));
  await writeShellDist(root, {
    parts: { meta: [{ name: 'description', content: 'Leben in Deutschland. '.repeat(100) }] },
  });
  app = await createTestApp({ STATIC_ROOT: root });
  learner = await signIn(app, 'encodings');
});
afterAll(async () => {
  await app.close();
  await fs.rm(root, { recursive: true, force: true });
});

const ODD_VALUES = [
  'gzip;q=-1',
  '*',
  'br',
  'identity',
  'gzip',
  'deflate',
  'zstd',
  '*;q=0',
  'identity;q=0',
  'gzip;q=0, identity;q=0',
  'br;q=0, gzip;q=0, deflate;q=0, identity;q=0',
  '*;q=0, identity;q=0',
  'gzip;q=-1, br;q=-1, identity;q=-1',
  'gzip;q=abc',
  'gzip;q=1e999',
  'gzip;q=NaN',
  ';;;',
  ',',
  ', ,',
  'q=1',
  ';q=1',
  'gzip;;q=0.5',
  'gzip ; q = 0.5',
  'GZIP',
  'x-unknown',
  'compress',
  'identity;q=0, x-unknown',
  '\u00e9;q=1',
  'gzip'.repeat(1000),
  `${'gzip;q=0.1, '.repeat(300)}identity;q=0`,
];

/** The body as the client reads it, decoded as its Content-Encoding says. */
function decoded(res: Response, raw: Buffer): string {
  const coding = res.headers.get('content-encoding');
  if (coding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (coding === 'gzip') return gunzipSync(raw).toString('utf8');
  if (coding === 'deflate') return inflateSync(raw).toString('utf8');
  expect(coding).toBeNull();
  return raw.toString('utf8');
}

/** `fetch` decodes bodies itself: node:http sees the bytes as sent. */
function get(path: string, acceptEncoding: string, cookie?: string) {
  const url = new URL(path, app.url);
  return new Promise<{ res: Response; raw: Buffer }>((resolve, reject) => {
    const req = request(
      url,
      { headers: { 'accept-encoding': acceptEncoding, ...(cookie ? { cookie } : {}) } },
      (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(r.headers)) if (typeof v === 'string') headers.set(k, v);
          resolve({ res: new Response(null, { status: r.statusCode, headers }), raw: Buffer.concat(chunks) });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('Accept-Encoding', () => {
  it('odd values on compressible answers: a 2xx whose body decodes, never a 500', async () => {
    const answers: [string, string | undefined, (body: string) => void][] = [
      // The catalog (precompressed bodies of its own), a learner's data export and a page (koa-compress).
      ['/api/de/learn', learner, (b) => expect(JSON.parse(b)).toHaveLength(300)],
      ['/api/user/export', learner, (b) => expect(JSON.parse(b).profile.username).toBe('encodings')],
      [
        '/',
        undefined,
        (b) => expect(b).toMatch(/^<!doctype html>.*Leben in Deutschland.*<div id="root"><\/div>/is),
      ],
    ];
    for (const [path, cookie, check] of answers) {
      const plain = await get(path, 'identity', cookie);
      expect(plain.res.status).toBe(200);
      expect(plain.raw.length, `${path} is large enough to be compressed`).toBeGreaterThan(1024);
      for (const value of ODD_VALUES) {
        const { res, raw } = await get(path, value, cookie);
        expect(res.status, `${path} with Accept-Encoding: ${value.slice(0, 60)}`).toBe(200);
        check(decoded(res, raw));
        // What was asked for is what is sent, where the client takes a coding at all.
        if (value === 'br' || value === 'gzip') expect(res.headers.get('content-encoding')).toBe(value);
        if (/^(identity|gzip;q=-1|\*;q=0, identity;q=0)$/.test(value))
          expect(res.headers.get('content-encoding')).toBeNull();
      }
    }
  }, 60_000);
});
