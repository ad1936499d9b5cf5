import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function expectJsonError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  const text = await res.text();
  expect(text).not.toMatch(/at .*\.(ts|js):\d+/);
  expect(JSON.parse(text).error.code).toBe(code);
}

/** A POST of `body` as it stands, with that content type, to a route that takes JSON. */
const postRaw = (contentType: string, body: string) =>
  app.request('/api/remotes/exposures', { method: 'POST', headers: { 'content-type': contentType }, body });

describe('one error shape', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    await expectJsonError(await app.request('/api/does/not/exist'), 404, 'not_found');
    await expectJsonError(await app.request('/api/en/nothing-here'), 404, 'not_found');
  });

  it('answers a malformed JSON body with a JSON 400', async () => {
    await expectJsonError(await postRaw('application/json', '{"remote": '), 400, 'invalid_json');
  });

  it('answers invalid input with 400 and the zod issues in details', async () => {
    const res = await app.request('/api/remotes/exposures', { method: 'POST', json: { remote: 42 } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.details[0].path).toBe('remote');
  });

  it('answers an oversized body with a JSON 413', async () => {
    const res = await app.request('/api/remotes/exposures', {
      method: 'POST',
      json: { remote: 'mf_exam', pad: 'x'.repeat(200_000) },
    });
    await expectJsonError(res, 413, 'payload_too_large');
  });

  it('answers a body that is not JSON with a JSON 415', async () => {
    await expectJsonError(await postRaw('text/plain', 'remote=mf_exam'), 415, 'unsupported_media_type');
  });

  it('gives every response a request id', async () => {
    const res = await app.request('/healthz');
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    expect(await res.json()).toEqual({ status: 'ok', startedAt: expect.stringMatching(/^\d{4}-/) });
    expect(await (await app.request('/readyz')).json()).toEqual({ status: 'ready', database: 'ok' });
  });

  it('serves the app page (not an API error) for client-side routes', async () => {
    const res = await app.request('/dashboard');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
  });
});
