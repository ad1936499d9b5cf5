import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { signIn } from '../../../test/helpers/sign-in';

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await createTestApp();
  cookie = await signIn(app);
});
afterAll(() => app.close());

describe('dashboard revalidation', () => {
  it('a repeat with If-None-Match gets 304 until the learner’s figures change', async () => {
    const first = await app.request('/api/en/user/dashboard', { headers: { cookie } });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    // fetch itself adds `Cache-Control: no-cache` to a conditional request (an end-to-end reload) unless told.
    const again = await app.request('/api/en/user/dashboard', {
      headers: { cookie, 'if-none-match': tag ?? '', 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);

    const answered = await app.request('/api/en/learn-mode', {
      method: 'POST',
      headers: { cookie, origin: app.url },
      json: { question_id: 1, is_correct: true },
    });
    expect(answered.status).toBe(201);
    const changed = await app.request('/api/en/user/dashboard', {
      headers: { cookie, 'if-none-match': tag ?? '', 'cache-control': 'max-age=0' },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
  });
});
