import type { AddressInfo } from 'node:net';
import { defineCall } from '@buergerfit/contract';
import bodyParser from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logger';
import { type CallHandler, mounter, Prepared } from './call';
import { errorHandler } from './error-handler';
import { unauthorized } from './errors';

// `mount` over real HTTP: one small app per case, a call of its own, the app's error handler around it.

const Greeting = z.object({ text: z.string(), at: z.iso.datetime() }).strict();
const greet = defineCall({
  method: 'POST',
  path: '/api/:lang/greetings/:n',
  params: z.object({ lang: z.enum(['de', 'en']), n: z.coerce.number().int().min(1).max(3) }),
  query: z.object({ loud: z.enum(['yes', 'no']).default('no') }).strict(),
  body: z.object({ name: z.string().min(1) }).strict(),
  response: Greeting,
  status: [201, 200],
  session: 'optional',
});
const forget = defineCall({ method: 'DELETE', path: '/api/greetings', response: null, session: 'required' });

let close: () => Promise<void> = async () => {};
afterEach(() => close());

async function serve(
  handlers: { greet?: CallHandler<typeof greet>; forget?: CallHandler<typeof forget> },
  checkResponses = true,
) {
  const mount = mounter({
    requireSession: async (ctx, next) => {
      if (ctx.get('authorization') !== 'yes') throw unauthorized();
      await next();
    },
    checkResponses,
  });
  const router = new Router();
  if (handlers.greet) mount(router, greet, handlers.greet);
  if (handlers.forget) mount(router, forget, handlers.forget);
  const app = new Koa();
  app.use(errorHandler(createLogger('silent')));
  app.use(bodyParser());
  app.use(router.routes());
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
  return (path: string, init: RequestInit & { json?: unknown } = {}) =>
    fetch(`${base}${path}`, {
      method: init.method ?? 'POST',
      headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
}

const at = new Date('2026-05-01T10:00:00.000Z');

describe('mount: a call of the contract', () => {
  it('hands the handler the parsed request (coerced, defaults applied) and answers with its body', async () => {
    let seen: unknown;
    const send = await serve({
      greet: (_ctx, input) => {
        seen = input;
        return { text: `Hallo ${input.body.name}`, at };
      },
    });
    const res = await send('/api/de/greetings/2', { json: { name: 'Ana' } });
    expect(res.status).toBe(200);
    // A Date is sent as its ISO text, which is what the contract says.
    expect(await res.json()).toEqual({ text: 'Hallo Ana', at: '2026-05-01T10:00:00.000Z' });
    expect(seen).toEqual({ params: { lang: 'de', n: 2 }, query: { loud: 'no' }, body: { name: 'Ana' } });
  });

  it('keeps a status the handler chose among the call’s; otherwise the first', async () => {
    const send = await serve({
      greet: (ctx, { params }) => {
        if (params.n === 1) ctx.status = 201;
        return { text: 'x', at };
      },
    });
    expect((await send('/api/en/greetings/1', { json: { name: 'a' } })).status).toBe(201);
    expect((await send('/api/en/greetings/3', { json: { name: 'a' } })).status).toBe(200);
  });

  it('refuses a bad path, query or body with 400 naming the field, before the handler runs', async () => {
    let calls = 0;
    const send = await serve({
      greet: () => {
        calls++;
        return { text: 'x', at };
      },
    });
    const path = await send('/api/en/greetings/9', { json: { name: 'a' } });
    expect(path.status).toBe(400);
    expect((await path.json()).error.details).toEqual([expect.objectContaining({ path: 'n' })]);
    const query = await send('/api/en/greetings/1?loud=maybe', { json: { name: 'a' } });
    expect(query.status).toBe(400);
    expect((await query.json()).error.details).toEqual([expect.objectContaining({ path: 'loud' })]);
    const body = await send('/api/en/greetings/1', { json: { name: '', extra: 1 } });
    expect(body.status).toBe(400);
    expect((await body.json()).error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      '',
      'name',
    ]);
    expect(calls).toBe(0);
  });

  it('requires a session where the contract says so: 401 without one, 204 with no body with one', async () => {
    const send = await serve({ forget: () => {} });
    const refused = await send('/api/greetings', { method: 'DELETE' });
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe('unauthorized');
    const done = await send('/api/greetings', { method: 'DELETE', headers: { authorization: 'yes' } });
    expect(done.status).toBe(204);
    expect(await done.text()).toBe('');
  });

  it('fails an answer that drifts from the contract with a 500 naming the field', async () => {
    const send = await serve({
      // A handler typed loosely on purpose: the drift the type check would have caught at build time.
      greet: (() => ({ text: 'x', at: 'yesterday' })) as unknown as CallHandler<typeof greet>,
    });
    const res = await send('/api/en/greetings/1', { json: { name: 'a' } });
    expect(res.status).toBe(500);
    const { error } = await res.json();
    expect(error.code).toBe('response_schema_mismatch');
    expect(error.message).toContain('POST /api/:lang/greetings/:n');
    expect(error.message).toContain('at');
  });

  it('checks a prepared answer by the value it encodes, and sends its own bytes', async () => {
    const good = await serve({
      greet: (ctx) =>
        new Prepared({ text: 'x', at }, () => {
          ctx.type = 'application/json';
          ctx.body = JSON.stringify({ text: 'x', at }, null, 2);
        }),
    });
    const res = await good('/api/en/greetings/1', { json: { name: 'a' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{\n  "text": "x",\n  "at": "2026-05-01T10:00:00.000Z"\n}');
    await close();
    const bad = await serve({ greet: () => new Prepared({ text: 1 }, () => {}) });
    expect((await bad('/api/en/greetings/1', { json: { name: 'a' } })).status).toBe(500);
  });

  it('does not check answers where it is told not to (production)', async () => {
    const send = await serve(
      { greet: (() => ({ text: 'x', at: 'yesterday' })) as unknown as CallHandler<typeof greet> },
      false,
    );
    const res = await send('/api/en/greetings/1', { json: { name: 'a' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ text: 'x', at: 'yesterday' });
  });
});
