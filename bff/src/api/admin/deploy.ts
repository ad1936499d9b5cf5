import { createHash } from 'node:crypto';
import path from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../http/errors';
import { SAFE_SEGMENT } from '../../http/files';
import {
  deployBuild,
  deployHistory,
  rollbackVariant,
  switchVariant,
  verifyDeployToken,
} from '../../remotes/deploy';
import { isRemoteName, type RemoteName } from '../../remotes/names';
import { readTarGz, UploadTooLarge } from '../../remotes/upload';
import {
  checkBuild,
  checkManifest,
  InvalidBuild,
  referencedAssets,
  shellShared,
} from '../../remotes/validate';

const VARIANT = /^[a-z0-9][a-z0-9-]{0,39}$/;
const TAR_TYPES = ['application/gzip', 'application/x-gzip', 'application/x-tar', 'application/octet-stream'];
const EXTERNAL_TIMEOUT_MS = 10_000;

const optionsSchema = z.object({
  variant: z
    .string()
    .regex(VARIANT, 'A variant name is 1-40 lower-case letters, digits and dashes.')
    .default('default'),
  weight: z.coerce
    .number()
    .int('The weight is a whole number.')
    .min(0, 'The weight is 0-1000.')
    .max(1000, 'The weight is 0-1000.')
    .optional(),
});
const externalSchema = optionsSchema.extend({ manifestUrl: z.string().url('manifestUrl is not a URL.') });

const invalidBuild = (reason: string) => new HttpError(422, 'invalid_build', reason);

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw badRequest(
    result.error.issues[0]?.message ?? 'Invalid input',
    result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  );
}

/** A single value of the query string (`?variant=b`); repeated keys are a 400. */
function queryOptions(ctx: Context): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(ctx.query)) {
    if (Array.isArray(v)) throw badRequest(`${k} is given more than once.`);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/**
 * The deploy API (issue 18): a team's CI publishes its remote over HTTP with a deploy token of that remote.
 *
 * - `POST /api/admin/remotes/{remote}/versions` — body: a gzipped tar of the build output (`tar -czf - -C dist .`),
 *   or JSON `{ "manifestUrl": "https://cdn…/mf-manifest.json" }` for a build hosted elsewhere; options `variant`
 *   (default `default`) and `weight`, in the query or the JSON. 201 with the deploy; 401 without a valid token;
 *   403 for another remote's token; 422 with the reason when the build cannot go live.
 * - `POST /api/admin/remotes/{remote}/rollback` (`?variant=`) — the variant goes back to its previous build.
 * - `GET /api/admin/remotes/{remote}/versions` — the deploy history, newest first.
 */
export function deployRoutes({ db, config, logger }: Deps): Router {
  const router = new Router({ prefix: '/api/admin/remotes/:remote' });
  const shellDist = path.join(config.staticRoot, 'shell', 'dist');

  /** The remote of the path, after the token: an unknown remote is a 404 only for a caller with a valid token. */
  async function authorised(ctx: Context): Promise<{ remote: RemoteName; tokenId: string; name: string }> {
    ctx.set('Cache-Control', 'no-store');
    const header = ctx.get('authorization');
    const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    const token = bearer ? await verifyDeployToken(db, bearer) : null;
    if (!token) {
      ctx.set('WWW-Authenticate', 'Bearer realm="deploy"');
      throw unauthorized(
        bearer
          ? 'This deploy token is not valid (unknown or revoked).'
          : 'A deploy token is required (Authorization: Bearer <token>).',
      );
    }
    const { remote } = ctx.params as { remote: string };
    if (!isRemoteName(remote)) throw notFound('No such remote');
    if (token.remote !== remote) {
      throw forbidden(`This deploy token is for ${token.remote}, not ${remote}.`, 'wrong_remote');
    }
    return { remote, tokenId: token.id, name: token.name };
  }

  router.post('/versions', async (ctx) => {
    const who = await authorised(ctx);
    const type = (ctx.get('content-type').split(';')[0] ?? '').trim().toLowerCase();
    let record: Awaited<ReturnType<typeof deployBuild>>;
    try {
      if (type === 'application/json') {
        const body = parse(externalSchema, { ...queryOptions(ctx), ...(ctx.request.body as object) });
        const external = await checkExternal(
          who.remote,
          body.manifestUrl,
          config.env === 'production',
          shellDist,
        );
        record = await switchVariant(
          db,
          {
            remote: who.remote,
            variant: body.variant,
            version: external.version,
            manifestUrl: body.manifestUrl,
            weight: body.weight,
            action: 'deploy',
          },
          { tokenId: who.tokenId, name: who.name },
        );
      } else if (TAR_TYPES.includes(type)) {
        const options = parse(optionsSchema, queryOptions(ctx));
        const files = await readTarGz(ctx.req);
        const manifest = checkBuild(who.remote, files, await shellShared(shellDist));
        const built = manifest.metaData.buildInfo?.buildVersion ?? '';
        record = await deployBuild(
          db,
          config.remotesDir,
          {
            remote: who.remote,
            variant: options.variant,
            weight: options.weight,
            files,
            packageVersion: SAFE_SEGMENT.test(built) && built.length <= 40 ? built : '0.0.0',
          },
          { tokenId: who.tokenId, name: who.name },
        );
      } else {
        throw new HttpError(
          415,
          'unsupported_media_type',
          'Send the build as a gzipped tar (Content-Type: application/gzip) or JSON with a manifestUrl.',
        );
      }
    } catch (err) {
      if (err instanceof InvalidBuild) throw invalidBuild(err.message);
      if (err instanceof UploadTooLarge) throw new HttpError(413, 'too_large', err.message);
      throw err;
    }
    logger.info(
      { remote: who.remote, variant: record.variant, version: record.version, token: who.name },
      'remote deployed',
    );
    ctx.status = 201;
    ctx.body = record;
  });

  router.post('/rollback', async (ctx) => {
    const who = await authorised(ctx);
    const { variant } = parse(optionsSchema, {
      ...queryOptions(ctx),
      ...((ctx.request.body as object) ?? {}),
    });
    const record = await rollbackVariant(db, who.remote, variant, { tokenId: who.tokenId, name: who.name });
    if (!record)
      throw new HttpError(
        409,
        'nothing_to_roll_back',
        `${who.remote}/${variant} has no earlier build to go back to.`,
      );
    logger.info(
      { remote: who.remote, variant, version: record.version, token: who.name },
      'remote rolled back',
    );
    ctx.body = record;
  });

  router.get('/versions', async (ctx) => {
    const who = await authorised(ctx);
    const { variant } = parse(optionsSchema.partial(), queryOptions(ctx));
    ctx.body = { deploys: await deployHistory(db, who.remote, variant) };
  });

  return router;
}

/**
 * Checks a build hosted elsewhere before it goes live: its manifest (fetched), and every file it names (HEAD,
 * relative to the manifest). Production accepts https only.
 */
async function checkExternal(
  remote: RemoteName,
  manifestUrl: string,
  production: boolean,
  shellDist: string,
): Promise<{ version: string }> {
  const url = new URL(manifestUrl);
  if (url.protocol !== 'https:' && (production || url.protocol !== 'http:')) {
    throw new InvalidBuild('The manifest URL must use https.');
  }
  const get = async (target: string, method: 'GET' | 'HEAD') => {
    try {
      return await fetch(target, {
        method,
        redirect: 'follow',
        signal: AbortSignal.timeout(EXTERNAL_TIMEOUT_MS),
      });
    } catch {
      throw new InvalidBuild(`${target} could not be fetched.`);
    }
  };
  const response = await get(url.href, 'GET');
  if (!response.ok) throw new InvalidBuild(`${url.href} answered ${response.status}.`);
  const text = await response.text();
  const manifest = checkManifest(remote, text, await shellShared(shellDist));
  const missing: string[] = [];
  await Promise.all(
    referencedAssets(manifest).map(async (file) => {
      const asset = await get(new URL(file, url).href, 'HEAD');
      if (!asset.ok) missing.push(file);
    }),
  );
  if (missing.length > 0) {
    throw new InvalidBuild(
      `The manifest names files that are not there: ${missing.sort().slice(0, 5).join(', ')}.`,
    );
  }
  const built = manifest.metaData.buildInfo?.buildVersion ?? '0.0.0';
  const hash = createHash('sha256').update(url.href).update(text).digest('hex').slice(0, 10);
  return { version: `${SAFE_SEGMENT.test(built) ? built : '0.0.0'}-${hash}` };
}
