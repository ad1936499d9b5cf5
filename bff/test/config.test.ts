import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { startHint } from '../src/start';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/\.data$/);
    expect(c.catalogPath).toMatch(/shared\/catalog\/catalog\.json$/);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
  ])('stops on a bad value and names the variable (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });

  it('treats an empty DATABASE_URL as unset (embedded database)', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('refuses production without a real database', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL/);
  });

  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://db/buergerfit',
    PUBLIC_URL: 'https://buergerfit.example',
    SESSION_SECRET: 's'.repeat(40),
    GITHUB_CLIENT_ID: 'gh-id',
    GITHUB_CLIENT_SECRET: 'gh-secret',
  };

  it('accepts a complete production configuration, without the local provider', () => {
    const c = loadConfig(production);
    expect(c.github).toEqual({
      clientId: 'gh-id',
      clientSecret: 'gh-secret',
      url: 'https://github.com',
      apiUrl: 'https://api.github.com',
    });
    expect(c.google).toBeNull();
    expect(c.localProvider).toBe(false);
    expect(c.sessionSecret).toBe('s'.repeat(40));
  });

  it('signs in with a GitHub Enterprise Server at GITHUB_URL, its API under /api/v3 unless GITHUB_API_URL says', () => {
    expect(loadConfig({ ...production, GITHUB_URL: 'https://git.example.org/' }).github).toMatchObject({
      url: 'https://git.example.org',
      apiUrl: 'https://git.example.org/api/v3',
    });
    expect(
      loadConfig({
        ...production,
        GITHUB_URL: 'https://git.example.org',
        GITHUB_API_URL: 'https://api.git.example.org',
      }).github,
    ).toMatchObject({ url: 'https://git.example.org', apiUrl: 'https://api.git.example.org' });
    expect(() => loadConfig({ ...production, GITHUB_URL: 'ftp://git.example.org' })).toThrow(/GITHUB_URL/);
  });

  it.each([
    ['SESSION_SECRET', { SESSION_SECRET: '' }],
    ['SESSION_SECRET', { SESSION_SECRET: 'too-short' }],
    ['PUBLIC_URL', { PUBLIC_URL: '' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'http://buergerfit.example' }],
    ['GITHUB_CLIENT_ID', { GITHUB_CLIENT_ID: '', GITHUB_CLIENT_SECRET: '' }],
    ['GITHUB_CLIENT_SECRET', { GITHUB_CLIENT_SECRET: '' }],
    ['GOOGLE_CLIENT_SECRET', { GOOGLE_CLIENT_ID: 'g-id' }],
  ])('refuses to start production without %s, naming it', (name, override) => {
    const env = { ...production, ...override };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}[,:]`));
  });

  it('the server process exits with a message naming every missing production variable', () => {
    const bff = path.resolve(import.meta.dirname, '..');
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: bff,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(res.status).toBe(1);
    for (const name of [
      'DATABASE_URL',
      'SESSION_SECRET',
      'PUBLIC_URL',
      'GITHUB_CLIENT_ID',
      'GOOGLE_CLIENT_ID',
    ]) {
      expect(res.stderr).toContain(name);
    }
  });

  it('never enables the local provider in production, and only without real credentials elsewhere', () => {
    expect(loadConfig({}).localProvider).toBe(true);
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'a', GOOGLE_CLIENT_SECRET: 'b' }).localProvider).toBe(false);
    expect(loadConfig({ ...production, GITHUB_CLIENT_ID: 'x' }).localProvider).toBe(false);
  });

  it('derives the public URL when PUBLIC_URL is unset, and drops a trailing slash', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '9000' }).publicUrl).toBe('http://127.0.0.1:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://x.example/' }).publicUrl).toBe('https://x.example');
  });
});

describe('a start that fails for a common reason ends with one line saying what to do', () => {
  const pg = { port: 8080, databaseUrl: 'postgres://postgres@127.0.0.1:5432/buergerfit' };
  it('names the port in use and another one to try', () => {
    expect(startHint({ code: 'EADDRINUSE' }, pg)).toBe(
      'Port 8080 is already in use (another Bürgerfit?): stop it, or start with another port, e.g. PORT=8081 npm start.',
    );
  });
  it('gives the createdb command for a missing database', () => {
    expect(startHint({ code: '3D000' }, pg)).toBe(
      'The database "buergerfit" does not exist on 127.0.0.1:5432: create it once with createdb -h 127.0.0.1 -p 5432 -U postgres buergerfit, then start again.',
    );
  });
  it('says when PostgreSQL is not reachable; anything else is logged in full', () => {
    expect(startHint({ code: 'ECONNREFUSED' }, pg)).toBe(
      'PostgreSQL is not reachable at 127.0.0.1:5432 (ECONNREFUSED): start it or fix DATABASE_URL.',
    );
    expect(startHint(new Error('boom'), pg)).toBeNull();
  });
});
