import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

/** Repository root. Relative paths in the environment resolve against it. */
export const repoRoot = REPO_ROOT;

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().default('.data'),
  CATALOG_PATH: z.string().default('../shared/catalog/catalog.json'),
  REMOTES_DIR: optionalString,
  STATIC_ROOT: z.string().default('.'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_KB: z.coerce.number().int().min(1).max(10_240).default(100),
  /** How long a server render may take before the plain page is sent instead (0: never render on the server). */
  SSR_TIMEOUT_MS: z.coerce.number().int().min(0).max(10_000).default(1500),
  /** Behind a load balancer: take the client address from X-Forwarded-For (rate limits are per client). */
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
  /**
   * How many proxies in front of the BFF append to X-Forwarded-For (with TRUST_PROXY): the client address is the
   * one the outermost trusted proxy saw, never an entry the client wrote itself.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  /** GitHub Enterprise Server (or a stand-in in tests): where sign-in pages and tokens are. */
  GITHUB_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Its REST API; default https://api.github.com for github.com, `${GITHUB_URL}/api/v3` otherwise. */
  GITHUB_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /**
   * Tests only: a build hosted elsewhere may be on http:// at a loopback address (a stand-in CDN). Never private or
   * other special addresses; refused in production.
   */
  DEPLOY_LOOPBACK_MANIFESTS: z.enum(['true', 'false', '1', '0']).default('false'),
});

export type OAuthCredentials = { clientId: string; clientSecret: string };
/** A GitHub app's credentials and where that GitHub is (github.com, or an Enterprise Server). */
export type GitHubSetup = OAuthCredentials & { url: string; apiUrl: string };

const GITHUB_COM = 'https://github.com';

function githubSetup(creds: OAuthCredentials | null, url?: string, apiUrl?: string): GitHubSetup | null {
  if (!creds) return null;
  const base = (url ?? GITHUB_COM).replace(/\/+$/, '');
  const api = apiUrl ?? (base === GITHUB_COM ? 'https://api.github.com' : `${base}/api/v3`);
  return { ...creds, url: base, apiUrl: api.replace(/\/+$/, '') };
}

export type Config = {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** Origin (and optional path) the browser uses, without a trailing slash. OAuth redirect URIs derive from it. */
  publicUrl: string;
  /** true when PUBLIC_URL was not set: `start()` then fills in the port it actually listens on. */
  publicUrlDerived: boolean;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  dataDir: string;
  catalogPath: string;
  remotesDir: string;
  staticRoot: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  bodyLimitKb: number;
  /** How long a page's server render may take (0: none); see remotes/ssr.ts. */
  ssrTimeoutMs: number;
  trustProxy: boolean;
  /** Trusted proxies in front (Koa's maxIpsCount): X-Forwarded-For entries left of them are the client's own. */
  trustProxyHops: number;
  /**
   * Key for signing access tokens. Required in production; elsewhere `start()` generates one and keeps it in
   * `DATA_DIR/session-secret`, so this is only undefined before `start()` resolved it.
   */
  sessionSecret: string | undefined;
  github: GitHubSetup | null;
  google: OAuthCredentials | null;
  /** The loopback test provider: only outside production and only when no real provider is configured. */
  localProvider: boolean;
  /** Tests only (never in production): a deploy's external manifest may be on http:// at a loopback address. */
  deployLoopbackManifests: boolean;
};

export class ConfigError extends Error {}

function credentials(
  id: string | undefined,
  secret: string | undefined,
  names: [string, string],
  problems: string[],
): OAuthCredentials | null {
  if (id && secret) return { clientId: id, clientSecret: secret };
  if (id && !secret) problems.push(`  ${names[1]}: required when ${names[0]} is set`);
  if (!id && secret) problems.push(`  ${names[0]}: required when ${names[1]} is set`);
  return null;
}

function derivedPublicUrl(host: string, port: number): string {
  const h = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${h.includes(':') ? `[${h}]` : h}:${port}`;
}

/** Reads and validates the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const abs = (p: string) => path.resolve(repoRoot, p);
  const dataDir = abs(e.DATA_DIR);
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  const github = credentials(
    e.GITHUB_CLIENT_ID,
    e.GITHUB_CLIENT_SECRET,
    ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'],
    problems,
  );
  const google = credentials(
    e.GOOGLE_CLIENT_ID,
    e.GOOGLE_CLIENT_SECRET,
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    problems,
  );
  if (production) {
    if (!e.DATABASE_URL) problems.push('  DATABASE_URL: required in production');
    if (!e.SESSION_SECRET) problems.push('  SESSION_SECRET: required in production (at least 32 characters)');
    if (!e.PUBLIC_URL) problems.push('  PUBLIC_URL: required in production (the https origin users visit)');
    else if (!e.PUBLIC_URL.startsWith('https://'))
      problems.push('  PUBLIC_URL: must be https:// in production');
    if (e.DEPLOY_LOOPBACK_MANIFESTS === 'true' || e.DEPLOY_LOOPBACK_MANIFESTS === '1')
      problems.push('  DEPLOY_LOOPBACK_MANIFESTS: for tests only, not allowed in production');
    if (!github && !google && !problems.some((p) => /CLIENT_/.test(p))) {
      problems.push(
        '  GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET / GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: production needs the credentials of at least one real OAuth provider',
      );
    }
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? derivedPublicUrl(e.HOST, e.PORT)).replace(/\/+$/, ''),
    publicUrlDerived: !e.PUBLIC_URL,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    dataDir,
    catalogPath: abs(e.CATALOG_PATH),
    remotesDir: e.REMOTES_DIR ? abs(e.REMOTES_DIR) : path.join(dataDir, 'remotes'),
    staticRoot: abs(e.STATIC_ROOT),
    logLevel: e.LOG_LEVEL,
    bodyLimitKb: e.BODY_LIMIT_KB,
    ssrTimeoutMs: e.SSR_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    trustProxyHops: e.TRUST_PROXY_HOPS,
    sessionSecret: e.SESSION_SECRET,
    github: githubSetup(github, e.GITHUB_URL, e.GITHUB_API_URL),
    google,
    localProvider: !production && !github && !google,
    deployLoopbackManifests: e.DEPLOY_LOOPBACK_MANIFESTS === 'true' || e.DEPLOY_LOOPBACK_MANIFESTS === '1',
  };
}

/** `loadConfig()` for an entry point (the server, a command-line tool): a bad value is printed, then exit 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/** The public URL once the real port is known (PORT=0 in tests): only when PUBLIC_URL was not given. */
export function withListeningPort(config: Config, port: number): Config {
  if (!config.publicUrlDerived || config.port === port) return config;
  return { ...config, port, publicUrl: derivedPublicUrl(config.host, port) };
}
