import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type Koa from 'koa';
import { createApp } from './app';
import { type LocalProvider, startLocalProvider } from './auth/local-provider';
import { authSetup } from './auth/providers';
import { ensureSessionSecret } from './auth/secret';
import { CatalogError, importCatalog } from './catalog/import';
import { type Config, withListeningPort } from './config';
import { type Database, openDatabase } from './db/database';
import { migrateLatest } from './db/migrate';
import { createLogger, type Logger } from './logger';
import { precompressDir } from './remotes/precompress';
import { syncDefaultVariants } from './remotes/publish';
import { createServerRendering, type ServerRendering } from './remotes/ssr-health';

/** How long a stop lets the requests under way finish before their connections are cut. */
export const STOP_GRACE_MS = 10_000;

export type Running = {
  server: http.Server;
  db: Database;
  url: string;
  logger: Logger;
  /** The configuration in effect: session secret resolved, public URL with the real port. */
  config: Config;
  /** The loopback OAuth provider, when it runs (development and tests without real credentials). */
  localProvider: LocalProvider | null;
  /** The Koa application being served (its routers list every route). */
  app: Koa;
  /** Graceful: stops accepting, lets requests under way finish (at most `graceMs`), then closes the pool. */
  stop(graceMs?: number): Promise<void>;
};

/** Imports the catalog when the database has none; a missing file leaves the app running with no questions. */
export async function ensureCatalog(db: Database, config: Config, log: Logger): Promise<void> {
  const row = await db.knex('questions').count<{ count: number }[]>({ count: '*' }).first();
  if (Number(row?.count ?? 0) > 0) return;
  try {
    const result = await importCatalog(db.knex, config.catalogPath);
    log.info(result, 'question catalog imported');
  } catch (err) {
    if (err instanceof CatalogError) log.error(`Question catalog not imported: ${err.message}`);
    else throw err;
  }
}

/**
 * The one line that tells an operator what to do about a start that failed for a common reason (a port in use, a
 * database missing or unreachable); null for anything else (logged in full).
 */
export function startHint(err: unknown, config: Pick<Config, 'port' | 'databaseUrl'>): string | null {
  const e = err as { code?: string; message?: string } | null;
  const db = config.databaseUrl ? new URL(config.databaseUrl) : null;
  const name = db?.pathname.replace(/^\//, '') || 'postgres';
  switch (e?.code) {
    case 'EADDRINUSE':
      return `Port ${config.port} is already in use (another Bürgerfit?): stop it, or start with another port, e.g. PORT=${config.port + 1} npm start.`;
    case '3D000':
      return `The database "${name}" does not exist on ${db?.host ?? 'the server'}: create it once with createdb -h ${db?.hostname ?? '127.0.0.1'} -p ${db?.port || 5432} -U ${decodeURIComponent(db?.username || 'postgres')} ${name}, then start again.`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
      return db
        ? `PostgreSQL is not reachable at ${db.host} (${e.code}): start it or fix DATABASE_URL.`
        : null;
    default:
      return null;
  }
}

/** Opens the database, migrates, imports the catalog if needed, publishes built remotes and listens. */
export async function start(
  config: Config,
  logger = createLogger(config.logLevel),
  opened?: Database,
): Promise<Running> {
  await fs.mkdir(config.dataDir, { recursive: true });
  const db =
    opened ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolMax: config.databasePoolMax,
    }));
  if (db.kind === 'embedded') {
    // Lets `npm run remotes` and `npm run db:migrate` reach this process's embedded database while it runs.
    await fs.writeFile(path.join(config.dataDir, 'pg.url'), `${db.url}\n${process.pid}\n`);
  }
  const applied = await migrateLatest(db.knex);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  await ensureCatalog(db, config, logger);
  await syncDefaultVariants(db.knex, config.staticRoot, config.remotesDir, logger);
  await precompressDir(path.join(config.staticRoot, 'shell', 'dist'));
  const sessionSecret = config.sessionSecret ?? (await ensureSessionSecret(config.dataDir));
  // The loopback provider only ever runs outside production (config never enables it there).
  const localProvider =
    config.localProvider && config.env !== 'production' ? await startLocalProvider() : null;
  let handle: http.RequestListener | null = null;
  const server = http.createServer((req, res) => {
    if (handle) return handle(req, res);
    res.statusCode = 503;
    res.end();
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 20_000;
  let effective: Config;
  let port = config.port;
  let app: Koa;
  let rendering: ServerRendering | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, resolve);
    });
    const address = server.address();
    if (typeof address === 'object' && address) port = address.port;
    // Built after listening: with PORT=0 the public URL (and so the OAuth redirect URIs) needs the real port.
    effective = withListeningPort({ ...config, sessionSecret }, port);
    rendering = createServerRendering(db.knex, logger, effective.ssrTimeoutMs);
    app = createApp({
      db: db.knex,
      config: effective,
      logger,
      auth: authSetup(effective, localProvider),
      rendering,
    });
    handle = app.callback();
  } catch (err) {
    server.close();
    await rendering?.renderer.close();
    await localProvider?.stop();
    throw err;
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    server,
    db,
    url,
    logger,
    config: effective,
    localProvider,
    app,
    async stop(graceMs = STOP_GRACE_MS) {
      // No new connections; idle keep-alive ones close now, requests under way finish (cut after the grace).
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const cut = setTimeout(() => server.closeAllConnections(), graceMs);
      await closed;
      clearTimeout(cut);
      await rendering?.renderer.close();
      await localProvider?.stop();
      if (db.kind === 'embedded') await fs.rm(path.join(config.dataDir, 'pg.url'), { force: true });
      await db.close();
    },
  };
}
