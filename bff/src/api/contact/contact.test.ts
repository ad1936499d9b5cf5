import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { clearOfWindowEnd } from '../../../test/helpers/rate-window';
import { signIn } from '../../../test/helpers/sign-in';
import { rateLimitKey } from '../../http/rate-limit';
import { CONTACT_LIMIT } from './contact';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => app.close());
// Tests here count requests up to a rate limit: none of them may straddle the end of a window.
beforeEach(() => clearOfWindowEnd(app.db, [CONTACT_LIMIT.windowSeconds]));

const valid = {
  name: 'Ana Horvat',
  email: 'ana@example.hr',
  subject: 'feedback',
  message: 'Hvala! Great app.',
};
let ip = 0;
/** A distinct client address per test, so the per-IP limit of one test does not hit another. */
const send = (body: unknown, headers: Record<string, string> = {}) =>
  app.request('/api/hr/contact', {
    method: 'POST',
    json: body,
    headers: { 'x-forwarded-for': `10.0.0.${ip}`, ...headers },
  });

describe('POST /api/{lang}/contact', () => {
  it('stores the message and answers 201 only once it is stored', async () => {
    ip = 1;
    const res = await send(valid);
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const row = await app.db('contact_messages').where({ id }).first();
    expect(row).toMatchObject({
      name: 'Ana Horvat',
      email: 'ana@example.hr',
      subject: 'feedback',
      lang: 'hr',
      user_id: null,
    });
  });

  it.each([
    ['name', '   ', 'Name is required'],
    ['email', '', 'Email is required'],
    ['email', 'ana@example', 'Please enter a valid email address'],
    ['email', 'ana @example.hr', 'Please enter a valid email address'],
    ['subject', 'sales', 'Subject is required'],
    ['subject', undefined, 'Subject is required'],
    ['message', ' \n ', 'Message is required'],
    ['message', 'x'.repeat(1001), 'Message must not exceed 1000 characters'],
  ])('refuses a bad %s (case %#) with the spec message and stores nothing', async (field, value, message) => {
    ip = 2;
    const before = await app.db('contact_messages').count({ n: '*' }).first();
    const res = await send({ ...valid, [field]: value });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.details).toContainEqual(expect.objectContaining({ path: field, message }));
    expect(await app.db('contact_messages').count({ n: '*' }).first()).toEqual(before);
  });

  it('accepts exactly 1000 characters', async () => {
    ip = 3;
    expect((await send({ ...valid, message: 'x'.repeat(1000) })).status).toBe(201);
  });

  it('ties the message to the signed-in sender', async () => {
    ip = 4;
    const cookie = await signIn(app, 'writer');
    const res = await send(valid, { cookie });
    const { id } = await res.json();
    expect((await app.db('contact_messages').where({ id }).first()).user_id).toBeTruthy();
  });

  it('refuses an oversized body with a JSON 413 before any work: nothing stored, no message counted', async () => {
    ip = 6;
    const before = await app.db('contact_messages').count({ n: '*' }).first();
    // Otherwise well-formed, but one byte over the configured body limit (BODY_LIMIT_KB, 100 KB by default).
    const limit = app.config.bodyLimitKb * 1024;
    const base = JSON.stringify({ ...valid, message: '' }).length;
    const body = { ...valid, message: 'x'.repeat(limit - base + 1) };
    expect(Buffer.byteLength(JSON.stringify(body))).toBe(limit + 1);
    const res = await send(body);
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The request body is too large.' },
    });
    expect(await app.db('contact_messages').count({ n: '*' }).first()).toEqual(before);
    expect(await app.db('contact_messages').where({ message: body.message }).first()).toBeUndefined();
    // Refused before the rate limit: nothing counted, the sender's next valid message is their first.
    const counter = () =>
      app
        .db('rate_limits')
        .where({ key: rateLimitKey('contact:ip', '10.0.0.6') })
        .first();
    expect(await counter()).toBeUndefined();
    expect((await send(valid)).status).toBe(201);
    expect((await counter())?.count).toBe(1);
  });

  it('accepts a body right at the limit as far as size goes (then validates it)', async () => {
    ip = 7;
    const limit = app.config.bodyLimitKb * 1024;
    const base = JSON.stringify({ ...valid, message: '' }).length;
    const res = await send({ ...valid, message: 'x'.repeat(limit - base) });
    expect(res.status).toBe(400);
    expect((await res.json()).error.details).toContainEqual(
      expect.objectContaining({ path: 'message', message: 'Message must not exceed 1000 characters' }),
    );
  });

  it('limits each network to 5 messages per 15 minutes with a clear 429', async () => {
    ip = 5;
    for (let i = 0; i < 5; i++) expect((await send(valid)).status).toBe(201);
    const res = await send(valid);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await res.json()).error.message).toMatch(/Too many messages/);
  });

  it('counts a network by a digest of its address: no rate-limit key holds the address', async () => {
    ip = 8;
    expect((await send(valid)).status).toBe(201);
    const keys: string[] = await app.db('rate_limits').pluck('key');
    expect(keys).toContain(rateLimitKey('contact:ip', '10.0.0.8'));
    // No test of this file left a client address (10.0.0.x) in any key.
    expect(keys.filter((k) => k.includes('10.0.0.'))).toEqual([]);
  });
});
