import { createHash } from 'node:crypto';
import path from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../http/errors';
import { SAFE_SEGMENT } from '../../http/files';
import { enforceRateLimit, rateLimitKey } from '../../http/rate-limit';
import { BUILD_LIMITS, buildFilesToPublish } from '../../remotes/build-rules';
import {
  deployBuild,
  deployHistory,
  rollbackVariant,
  switchVariant,
  verifyDeployToken,
} from '../../remotes/deploy';
import { FetchRefused, pinPublicUrl, type Resolver, requestPinned } from '../../remotes/fetch-public';
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
/** Deploys (every attempt, refused ones included) one token may make per window, on every instance together. */
export const DEPLOY_RATE = { limit: 30, windowSeconds: 3600 };
/** A build hosted elsewhere: its manifest and the check of every file it names, all within this time. */
const EXTERNAL_TIMEOUT_MS = 10_000;
const EXTERNAL_MANIFEST_BYTES = 1024 * 1024;
/** Files a hosted manifest may name (the real remotes name about 40). */
const EXTERNAL_FILES = 500;
const EXTERNAL_PARALLEL = 8;

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
    await enforceRateLimit(
      db,
      rateLimitKey('deploy:token', who.tokenId),
      DEPLOY_RATE.limit,
      DEPLOY_RATE.windowSeconds,
      `Too many deploys with this token (${DEPLOY_RATE.limit} an hour).`,
    );
    const type = (ctx.get('content-type').split(';')[0] ?? '').trim().toLowerCase();
    let record: Awaited<ReturnType<typeof deployBuild>>;
    try {
      if (type === 'application/json') {
        const body = parse(externalSchema, { ...queryOptions(ctx), ...(ctx.request.body as object) });
        const external = await checkExternal(who.remote, body.manifestUrl, {
          allowLoopback: config.deployLoopbackManifests,
          shellDist,
        });
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
        if (Number(ctx.get('content-length') || 0) > BUILD_LIMITS.uploadBytes) {
          throw new UploadTooLarge(`The upload is larger than ${BUILD_LIMITS.uploadBytes / 1024 / 1024} MB.`);
        }
        // Nothing is written before every check passed.
        const files = buildFilesToPublish(await readTarGz(ctx.req));
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
      if (!ctx.req.readableEnded) {
        // Refused before the whole body was read: what is left of it is thrown away and the connection closed.
        ctx.set('Connection', 'close');
        ctx.req.resume();
      }
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
 * relative to the manifest, on the same host). Only https on a public address is fetched (`pinPublicUrl`: the host
 * is resolved once and every address checked before connecting, and the connection goes to the checked address),
 * no redirect is followed, and the whole check has a size and time limit. Every way the fetch can fail is answered
 * with the same reason, so the answer says nothing about other hosts the BFF could reach.
 */
async function checkExternal(
  remote: RemoteName,
  manifestUrl: string,
  opts: { allowLoopback: boolean; shellDist: string; resolve?: Resolver },
): Promise<{ version: string }> {
  const deadline = Date.now() + EXTERNAL_TIMEOUT_MS;
  const left = () => Math.max(1, deadline - Date.now());
  const unreachable = new InvalidBuild(
    `The manifest at ${manifestUrl.slice(0, 200)} could not be fetched: a build hosted elsewhere is fetched over https from a public address, without redirects, within ${EXTERNAL_TIMEOUT_MS / 1000} s, and its manifest is at most ${EXTERNAL_MANIFEST_BYTES / 1024 / 1024} MB.`,
  );
  let pinned: Awaited<ReturnType<typeof pinPublicUrl>>;
  let text: string;
  try {
    pinned = await pinPublicUrl(manifestUrl, {
      allowLoopback: opts.allowLoopback,
      resolve: opts.resolve,
      timeoutMs: left(),
    });
    text = (await requestPinned(pinned, { maxBytes: EXTERNAL_MANIFEST_BYTES, timeoutMs: left() })).toString(
      'utf8',
    );
  } catch (err) {
    if (err instanceof FetchRefused) throw unreachable;
    throw err;
  }
  const manifest = checkManifest(remote, text, await shellShared(opts.shellDist), pinned.url.origin);
  const files = referencedAssets(manifest);
  if (files.length > EXTERNAL_FILES) {
    throw new InvalidBuild(`The manifest names more than ${EXTERNAL_FILES} files.`);
  }
  const missing: string[] = [];
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const url = new URL(file, pinned.url);
      const there =
        url.origin === pinned.url.origin &&
        (await requestPinned(
          { url, address: pinned.address },
          { method: 'HEAD', maxBytes: 0, timeoutMs: left() },
        ).then(
          () => true,
          () => false,
        ));
      if (!there) missing.push(file);
    }
  };
  await Promise.all(Array.from({ length: EXTERNAL_PARALLEL }, worker));
  if (missing.length > 0) {
    throw new InvalidBuild(
      `The manifest names files that are not there: ${missing.sort().slice(0, 5).join(', ')}.`,
    );
  }
  const built = manifest.metaData.buildInfo?.buildVersion ?? '0.0.0';
  const hash = createHash('sha256').update(pinned.url.href).update(text).digest('hex').slice(0, 10);
  return { version: `${SAFE_SEGMENT.test(built) ? built : '0.0.0'}-${hash}` };
}
