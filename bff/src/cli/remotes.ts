import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serverRenderOf, setAdmin } from '../admin/console';
import { migrateLatest } from '../db/migrate';
import {
  createDeployToken,
  deployHistory,
  listDeployTokens,
  revokeDeployToken,
  rollbackVariant,
  switchVariant,
} from '../remotes/deploy';
import { isRemoteName, REMOTE_NAMES, REMOTES } from '../remotes/names';
import { manifestUrlFor, publishRemote } from '../remotes/publish';
import { listVariants, report, updateVariant } from '../remotes/registry';
import { ssrHealthOf } from '../remotes/ssr-health';
import { connectForCli, runCli } from './connect';
import { terminalJson, visible, visibleRows } from './terminal';

const USAGE = `npm run remotes -- <command>
  list [--json]                                every variant: remote, variant, version, weight, enabled
  set <remote> <variant> <version|URL> [--weight N]
                                               point a variant at a published version or a manifest URL (pins it)
  weight <remote> <variant> <N>                change a variant's share (0-1000, relative to the others)
  enable <remote> <variant> | disable <remote> <variant>
  deploy <remote> [--variant NAME] [--weight N]
                                               build that remote alone, publish it as a new version, point the variant at it (and enable it)
  unpin <remote>                               let the default variant follow the newest dist/ build again at start
  rollback <remote> [--variant NAME]           point the variant back at the build it had before (see history)
  history <remote> [--variant NAME] [--json]   the variant's deploys and rollbacks, newest first, with each build's
                                               server-render failures (and since when it is no longer rendered there)
  token create <remote> [--name NAME]          a deploy token for that remote's CI (printed once, stored hashed)
  token list [--json] | token revoke <id>      the tokens (never their secrets); revoke one by its id or id start
  admin grant <user> | admin revoke <user>     the A/B console (/admin) for a user (id, e-mail or username)
  report [--json]                              exposures, conversions and conversion rate per variant
remotes: ${REMOTE_NAMES.join(', ')}`;

/** A build's server-render health in one cell: empty while its renderer never failed. */
function serverRenderText(h: ReturnType<typeof serverRenderOf>): string {
  if (!h) return '';
  return h.offSince
    ? `off since ${h.offSince} after ${h.failures} failures (${h.lastReason ?? 'no reason'})`
    : `${h.failures} failure${h.failures === 1 ? '' : 's'}, last ${h.lastFailureAt} (${h.lastReason ?? 'no reason'})`;
}

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
}

function weightOf(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 1000)
    throw new Error(`--weight must be a whole number 0-1000, got ${v}`);
  return n;
}

function remoteArg(v: string | undefined): keyof typeof REMOTES {
  if (!isRemoteName(v)) throw new Error(`Unknown remote '${v ?? ''}'. Remotes: ${REMOTE_NAMES.join(', ')}`);
  return v;
}

await runCli(async () => {
  const args = process.argv.slice(2);
  const command = args.shift();
  if (!command || command === 'help' || command === '--help') {
    console.info(USAGE);
    return;
  }
  const { db, config } = await connectForCli();
  try {
    await migrateLatest(db.knex);
    const knex = db.knex;
    switch (command) {
      case 'list': {
        const variants = await listVariants(knex);
        if (args.includes('--json')) console.info(terminalJson(variants));
        else
          console.table(visibleRows(variants), [
            'remote',
            'variant',
            'version',
            'weight',
            'enabled',
            'pinned',
            'manifestUrl',
          ]);
        break;
      }
      case 'set': {
        const weight = weightOf(flag(args, '--weight'));
        const [r, variant, target] = args;
        const remote = remoteArg(r);
        if (!variant || !target) throw new Error(USAGE);
        const isUrl = /^(https?:\/\/|\/)/.test(target);
        const manifestUrl = isUrl ? target : manifestUrlFor(remote, target);
        // One of our own published builds keeps its version name; anything else is an external build.
        const own = new RegExp(`^/remotes/${remote}/([\\w.-]+)/mf-manifest\\.json$`).exec(manifestUrl);
        await switchVariant(
          knex,
          {
            remote,
            variant,
            version: isUrl ? (own?.[1] ?? 'external') : target,
            manifestUrl,
            weight,
            action: 'set',
          },
          { name: 'cli' },
        );
        console.info(`${remote}/${visible(variant)} → ${visible(manifestUrl)}`);
        break;
      }
      case 'weight': {
        const [r, variant, w] = args;
        const remote = remoteArg(r);
        if (!variant || !(await updateVariant(knex, remote, variant, { weight: weightOf(w) ?? 0 }))) {
          throw new Error(`No variant ${remote}/${variant ?? ''}`);
        }
        console.info(`${remote}/${variant} weight ${w}`);
        break;
      }
      case 'enable':
      case 'disable': {
        const [r, variant] = args;
        const remote = remoteArg(r);
        if (!variant || !(await updateVariant(knex, remote, variant, { enabled: command === 'enable' }))) {
          throw new Error(`No variant ${remote}/${variant ?? ''}`);
        }
        console.info(`${remote}/${variant} ${command}d`);
        break;
      }
      case 'deploy': {
        const variant = flag(args, '--variant') ?? 'default';
        const weight = weightOf(flag(args, '--weight'));
        const remote = remoteArg(args[0]);
        // Built into a folder of its own: the workspace's dist/ stays what `npm start` publishes as default.
        const outDir = await fs.mkdtemp(path.join(os.tmpdir(), `bf-deploy-${remote}-`));
        console.info(`Building ${REMOTES[remote]} …`);
        try {
          execFileSync('npm', ['run', 'build', '--workspace', REMOTES[remote]], {
            stdio: ['ignore', 'inherit', 'inherit'],
            cwd: config.staticRoot,
            env: { ...process.env, BUERGERFIT_DIST_DIR: outDir },
          });
        } catch {
          throw new Error(`Building ${REMOTES[remote]} failed; nothing was deployed.`);
        }
        const published = await publishRemote(knex, config.staticRoot, config.remotesDir, remote, outDir);
        await fs.rm(outDir, { recursive: true, force: true });
        if (!published) throw new Error(`The build of ${REMOTES[remote]} left no mf-manifest.json`);
        // Pinned (a restart does not move it back to whatever dist/ holds, see `unpin`) and enabled.
        await switchVariant(
          knex,
          { remote, variant, ...published, weight, action: 'deploy' },
          { name: 'cli' },
        );
        console.info(
          `Deployed ${remote}/${variant} version ${published.version}; the next page load gets it.`,
        );
        break;
      }
      case 'unpin': {
        const remote = remoteArg(args[0]);
        const n = await knex('remote_variants')
          .where({ remote, variant: 'default' })
          .update({ pinned: false });
        if (!n) throw new Error(`No default variant of ${remote}`);
        console.info(
          `${remote}/default follows the newest build of ${REMOTES[remote]}/dist again from the next start.`,
        );
        break;
      }
      case 'rollback': {
        const variant = flag(args, '--variant') ?? 'default';
        const remote = remoteArg(args[0]);
        const done = await rollbackVariant(knex, remote, variant, { name: 'cli' });
        if (!done) throw new Error(`${remote}/${variant} has no earlier build to go back to.`);
        console.info(`${remote}/${variant} is back on version ${done.version}; the next page load gets it.`);
        break;
      }
      case 'history': {
        const variant = flag(args, '--variant');
        const remote = remoteArg(args[0]);
        const rows = await deployHistory(knex, remote, variant);
        // Each build's server renderer: its failures, and since when it is no longer rendered on the server.
        const health = new Map(
          (
            await ssrHealthOf(
              knex,
              rows.map((r) => ({ remote, version: r.version })),
            )
          ).map((h) => [h.version, h]),
        );
        const withHealth = rows.map((r) => ({ ...r, serverRender: serverRenderOf(health.get(r.version)) }));
        if (args.includes('--json')) console.info(terminalJson(withHealth));
        else
          console.table(
            visibleRows(
              withHealth.map(({ serverRender, ...r }) => ({
                ...r,
                serverRender: serverRenderText(serverRender),
              })),
            ),
            ['at', 'variant', 'action', 'version', 'previousVersion', 'actor', 'serverRender'],
          );
        break;
      }
      case 'token': {
        const sub = args.shift();
        if (sub === 'create') {
          const name = flag(args, '--name') ?? 'ci';
          const remote = remoteArg(args[0]);
          const { id, token } = await createDeployToken(knex, remote, name);
          console.info(
            `Deploy token for ${remote} (id ${id}, name ${name}). Shown once; store it as a CI secret:\n${token}`,
          );
        } else if (sub === 'list') {
          const tokens = await listDeployTokens(knex);
          if (args.includes('--json')) console.info(terminalJson(tokens));
          else
            console.table(visibleRows(tokens), [
              'id',
              'remote',
              'name',
              'createdAt',
              'lastUsedAt',
              'revoked',
            ]);
        } else if (sub === 'revoke') {
          if (!args[0] || !(await revokeDeployToken(knex, args[0]))) {
            throw new Error(`No single live token with id ${args[0] ?? ''} (see token list).`);
          }
          console.info(`Token ${args[0]} revoked: deploys with it now get 401.`);
        } else throw new Error(USAGE);
        break;
      }
      case 'admin': {
        const sub = args.shift();
        if ((sub !== 'grant' && sub !== 'revoke') || !args[0]) throw new Error(USAGE);
        const user = await setAdmin(knex, { userId: null, name: 'cli' }, args[0], sub === 'grant');
        if (!user) throw new Error(`No single user with id, e-mail or username ${args[0]}.`);
        console.info(
          sub === 'grant'
            ? `${visible(user.username)} may now use the A/B console at /admin.`
            : `${visible(user.username)} no longer has the admin role.`,
        );
        break;
      }
      case 'report': {
        const rows = await report(knex);
        if (args.includes('--json')) {
          console.info(terminalJson(rows));
          break;
        }
        console.table(visibleRows(rows.map((r) => ({ ...r, rate: `${(r.rate * 100).toFixed(1)} %` }))), [
          'remote',
          'variant',
          'visitors',
          'conversions',
          'rate',
        ]);
        break;
      }
      default:
        throw new Error(`Unknown command '${command}'.\n${USAGE}`);
    }
  } finally {
    await db.close();
  }
});
