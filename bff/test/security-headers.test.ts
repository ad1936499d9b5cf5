import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../src/http/security-headers';
import { createLogger } from '../src/logger';
import { upsertVariant } from '../src/remotes/registry';
import { createTestApp, type TestApp } from './helpers/app';
import { SHELL_SCRIPT, writeShellDist } from './helpers/shell-dist';

let root: string;
let app: TestApp;

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'bf-headers-'));
  await writeShellDist(root, {
    paths: ['/', '/learn/*'],
    files: {
      'sw.js': 'self.addEventListener("fetch", () => {});',
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    },
  });
  app = await createTestApp({ STATIC_ROOT: root });
  // A B variant of marketing on a CDN (enabled), and a disabled one elsewhere that must not be allowed.
  await upsertVariant(app.db, {
    remote: 'mf_marketing',
    variant: 'cdn',
    version: '9.9.9',
    manifestUrl: 'https://cdn.example.net/mf_marketing/9.9.9/mf-manifest.json',
    weight: 0,
  });
  await upsertVariant(app.db, {
    remote: 'mf_learn',
    variant: 'old',
    version: '0.0.1',
    manifestUrl: 'https://old.example.org/mf_learn/mf-manifest.json',
    weight: 0,
  });
  await app.db('remote_variants').where({ variant: 'old' }).update({ enabled: false });
});
afterAll(async () => {
  await app.close();
  await fs.rm(root, { recursive: true, force: true });
});

describe('security headers', () => {
  it('a page allows scripts from the app and the enabled remotes’ origins only, and cannot be framed', async () => {
    const res = await app.request('/learn');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root"></div>');
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://cdn.example.net']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://cdn.example.net']);
    expect(csp.get('style-src')).toEqual(["'self'", 'https://cdn.example.net']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(res.headers.get('content-security-policy')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(res.headers.get('content-security-policy')).not.toContain('old.example.org');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    // Plain HTTP outside production: no HSTS.
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('a script a page loads carries no document-only header; the service worker and an SVG keep the policy', async () => {
    const script = await app.request(SHELL_SCRIPT);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'permissions-policy',
    ])
      expect(script.headers.get(name), name).toBeNull();
    for (const p of ['/sw.js', '/favicon.svg']) {
      const res = await app.request(p);
      expect(res.status, p).toBe(200);
      expect(directives(res.headers.get('content-security-policy')).get('default-src'), p).toEqual([
        "'self'",
      ]);
      expect(res.headers.get('x-frame-options'), p).toBe('DENY');
    }
  });

  it('API answers, errors included, may load nothing', async () => {
    for (const p of ['/api/en/german-federal-states', '/api/en/nope', '/api/xx/learn']) {
      const res = await app.request(p);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('default-src'), p).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), p).toEqual(["'none'"]);
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
    }
  });

  it('production adds HSTS', async () => {
    const koa = new Koa();
    koa.use(
      securityHeaders({
        db: app.db,
        publicUrl: 'https://buergerfit.example',
        production: true,
        logger: createLogger('silent'),
      }),
    );
    koa.use((ctx) => {
      ctx.type = 'html';
      ctx.body = '<!doctype html>';
    });
    const server = koa.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(directives(res.headers.get('content-security-policy')).get('script-src')).toEqual([
        "'self'",
        'https://cdn.example.net',
      ]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
