import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from '../support/remotes-cli';
import { startFakeGitHub } from './fake-github';

/**
 * The production topology, on this machine: nginx terminating TLS (a self-signed certificate made for the run) in
 * front of two BFF instances started from the production build (`node bff/dist/server.mjs`, NODE_ENV=production),
 * each with a data folder of its own, on one fresh PostgreSQL database. Sign-in goes through a stand-in GitHub
 * (fake-github.ts), since production has no test provider.
 *
 * nginx balances over both instances; a request with `X-BF-Instance: a` or `b` (a header of this test setup only)
 * goes to that one, so a test can start something on one instance and look at it on the other.
 *
 * Needs nginx, openssl and a PostgreSQL server (DATABASE_URL, or CLUSTER_DATABASE_URL for another one). Without
 * them the suite is skipped with the reason, unless CLUSTER_E2E=required (CI), where that fails the run.
 */

export const CLUSTER_PORT = Number(process.env.CLUSTER_PORT ?? 8443);
export const INSTANCES = ['a', 'b'] as const;
export type InstanceName = (typeof INSTANCES)[number];

/** What the tests get from the setup (through the environment, as Playwright's workers start after it). */
export type ClusterInfo = {
  baseUrl: string;
  databaseUrl: string;
  pids: Record<InstanceName, number>;
  /** The environment the instances run with: what an operator's CLI call on that host has too. */
  env: Record<string, string>;
  dir: string;
};

export function clusterInfo(): ClusterInfo | null {
  const raw = process.env.BF_CLUSTER;
  return raw ? (JSON.parse(raw) as ClusterInfo) : null;
}

function which(cmd: string, fallbacks: string[]): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(':'), ...fallbacks]) {
    const p = path.join(dir, cmd);
    if (dir && fs.existsSync(p)) return p;
  }
  return null;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Polls `check` until it holds; `failed` ends the wait at once with its reason (a process that exited). */
async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  failed: () => string | null,
  ms = 90_000,
): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const reason = failed();
    if (reason) throw new Error(`${what}: ${reason}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not come up within ${ms / 1000} s`);
}

async function withAdmin<T>(serverUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function nginxConf(dir: string, ports: Record<InstanceName, number>): string {
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `# Written by e2e/cluster/setup.ts for one run. README ("Production topology") has the production version.
${user}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/nginx-access.log;
  client_body_temp_path ${dir}/nginx-tmp/body;
  proxy_temp_path ${dir}/nginx-tmp/proxy;
  fastcgi_temp_path ${dir}/nginx-tmp/fastcgi;
  uwsgi_temp_path ${dir}/nginx-tmp/uwsgi;
  scgi_temp_path ${dir}/nginx-tmp/scgi;

  upstream bff {
    server 127.0.0.1:${ports.a} max_fails=1 fail_timeout=30s;
    server 127.0.0.1:${ports.b} max_fails=1 fail_timeout=30s;
    keepalive 16;
  }
  # Test setup only: pin a request to one instance.
  upstream bff_a { server 127.0.0.1:${ports.a}; }
  upstream bff_b { server 127.0.0.1:${ports.b}; }
  map $http_x_bf_instance $bff_pool { a bff_a; b bff_b; default bff; }

  server {
    listen 127.0.0.1:${CLUSTER_PORT} ssl http2;
    server_name localhost;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    # Deploy uploads (a remote's dist/ as a gzipped tar).
    client_max_body_size 64m;
    location / {
      proxy_pass http://$bff_pool;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      # Test setup only: which instance answered.
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const required = process.env.CLUSTER_E2E === 'required';
  const serverUrl = process.env.CLUSTER_DATABASE_URL ?? process.env.DATABASE_URL;
  const nginx = which('nginx', ['/usr/sbin', '/usr/local/sbin']);
  const openssl = which('openssl', ['/usr/bin']);
  const missing = [
    nginx ? null : 'nginx (apt-get install nginx)',
    openssl ? null : 'openssl',
    serverUrl ? null : 'a PostgreSQL server (DATABASE_URL or CLUSTER_DATABASE_URL)',
  ].filter((m): m is string => m !== null);
  if (missing.length) {
    const why = `the two-instance nginx/TLS suite needs ${missing.join(', ')}`;
    if (required) throw new Error(`${why} (CLUSTER_E2E=required)`);
    console.warn(`Skipped: ${why}. CI runs it.`);
    process.env.BF_CLUSTER_SKIP = why;
    return undefined;
  }

  const children: ChildProcess[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-cluster-'));
  const dbName = `bf_cluster_${randomBytes(5).toString('hex')}`;
  const fake = await startFakeGitHub();
  let created = false;
  const teardown = async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.all(
      children.map((c) =>
        c.exitCode !== null || c.signalCode !== null
          ? undefined
          : new Promise<void>((resolve) => {
              const cut = setTimeout(() => c.kill('SIGKILL'), 15_000);
              c.once('exit', () => {
                clearTimeout(cut);
                resolve();
              });
            }),
      ),
    );
    await fake.stop();
    if (created) {
      await withAdmin(serverUrl as string, (c) =>
        c.query(`drop database if exists "${dbName}" with (force)`),
      ).catch((err) => console.warn(`cluster database ${dbName} not dropped: ${err}`));
    }
    if (!process.env.BF_CLUSTER_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    // The production build of the BFF (the frontends are built by the main e2e run's `npm start`, or here).
    const built = [
      'shell/dist/index.html',
      'mf-learn/dist/mf-manifest.json',
      'mf-admin/dist/mf-manifest.json',
    ];
    if (!process.env.BUERGERFIT_SKIP_BUILD && !built.every((f) => fs.existsSync(path.join(repoRoot, f)))) {
      execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    } else if (
      !process.env.BUERGERFIT_SKIP_BUILD ||
      !fs.existsSync(path.join(repoRoot, 'bff/dist/server.mjs'))
    ) {
      execFileSync('npm', ['run', 'build', '--workspace', 'bff'], { cwd: repoRoot, stdio: 'inherit' });
    }

    await withAdmin(serverUrl as string, (c) => c.query(`create database "${dbName}"`));
    created = true;
    const dbUrl = new URL(serverUrl as string);
    dbUrl.pathname = `/${dbName}`;
    const databaseUrl = dbUrl.toString();

    execFileSync(
      openssl as string,
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );

    const baseUrl = `https://localhost:${CLUSTER_PORT}`;
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: '5',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: baseUrl,
      TRUST_PROXY: 'true',
      GITHUB_CLIENT_ID: fake.clientId,
      GITHUB_CLIENT_SECRET: fake.clientSecret,
      GITHUB_URL: fake.url,
      STATIC_ROOT: repoRoot,
      LOG_LEVEL: 'warn',
    };
    const ports = { a: await freePort(), b: await freePort() };
    const pids = {} as Record<InstanceName, number>;
    // One after the other: the first migrates the new database and imports the catalog.
    for (const name of INSTANCES) {
      const dataDir = path.join(dir, `instance-${name}`);
      const log = fs.openSync(path.join(dir, `instance-${name}.log`), 'a');
      const child = spawn(process.execPath, [path.join(repoRoot, 'bff/dist/server.mjs')], {
        cwd: repoRoot,
        env: { ...process.env, ...env, PORT: String(ports[name]), DATA_DIR: dataDir },
        stdio: ['ignore', log, log],
      });
      children.push(child);
      pids[name] = child.pid as number;
      await waitFor(
        async () => (await fetch(`http://127.0.0.1:${ports[name]}/readyz`)).ok,
        `BFF instance ${name}`,
        () =>
          child.exitCode === null
            ? null
            : `exited with ${child.exitCode}: ${fs.readFileSync(path.join(dir, `instance-${name}.log`), 'utf8')}`,
      );
    }

    fs.mkdirSync(path.join(dir, 'nginx-tmp'));
    fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConf(dir, ports));
    const proxy = spawn(nginx as string, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let nginxErr = '';
    proxy.stderr?.on('data', (d) => {
      nginxErr += String(d);
    });
    children.push(proxy);
    await waitFor(
      () =>
        new Promise<boolean>((resolve) => {
          const s = net.connect(CLUSTER_PORT, '127.0.0.1', () => {
            s.end();
            resolve(true);
          });
          s.once('error', () => resolve(false));
        }),
      'nginx',
      () => (proxy.exitCode === null ? null : `exited: ${nginxErr}`),
      20_000,
    );

    const info: ClusterInfo = { baseUrl, databaseUrl, pids, env, dir };
    process.env.BF_CLUSTER = JSON.stringify(info);
    return teardown;
  } catch (err) {
    await teardown();
    throw err;
  }
}
