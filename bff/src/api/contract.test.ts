import os from 'node:os';
import { allCalls } from '@buergerfit/contract';
import knex from 'knex';
import { describe, expect, it } from 'vitest';
import { authSetup } from '../auth/providers';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { apiRouters } from './index';

// The API is the contract: every route the BFF mounts under /api and /auth is one of @buergerfit/contract's
// calls, and every call is mounted. The OAuth flow itself (redirects to and from a provider) is no call.
const OAUTH_REDIRECTS = ['GET /auth/:provider', 'GET /auth/:provider/callback'];
// Nor is the deploy API a team's CI calls with a token (its upload is a tar archive, not JSON): api/admin/deploy.ts.
const DEPLOY_API = [
  'GET /api/admin/remotes/:remote/versions',
  'POST /api/admin/remotes/:remote/rollback',
  'POST /api/admin/remotes/:remote/versions',
];

function mountedRoutes(): string[] {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent' });
  // Building the routers touches no database: a client that never connects is enough.
  const db = knex({ client: 'pg' });
  const { withLanguage, withoutLanguage } = apiRouters({
    db,
    config,
    logger: createLogger('silent'),
    auth: authSetup(config, null),
  });
  const routes: string[] = [];
  for (const router of [withLanguage, withoutLanguage]) {
    for (const layer of router.stack) {
      for (const method of layer.methods) if (method !== 'HEAD') routes.push(`${method} ${layer.path}`);
    }
  }
  return routes.sort();
}

describe('the BFF serves the contract', () => {
  it('mounts every call of @buergerfit/contract once, and nothing else', () => {
    const calls = allCalls.map((c) => `${c.method} ${c.path}`);
    expect(new Set(calls).size).toBe(calls.length);
    expect(mountedRoutes()).toEqual([...calls, ...OAUTH_REDIRECTS, ...DEPLOY_API].sort());
  });
});
