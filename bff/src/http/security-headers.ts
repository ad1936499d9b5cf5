import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import type { Logger } from '../logger';

/** How long the set of remote origins is reused before the registry is read again (a deploy shows up after it). */
const ORIGINS_TTL_MS = 2_000;

/** API and auth answers are data or redirects, never documents: they may load nothing and be framed nowhere. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The page's policy: the app's own origin plus the origins the registry points remotes at, nothing else.
 * No inline scripts or styles except the exact ones a response names by hash (a made page's first-paint CSS, the
 * scripts that set its theme and start the app after its first paint, and React's form replay, see pages/template.ts).
 */
export function documentPolicy(
  remoteOrigins: readonly string[],
  styleHashes: readonly string[] = [],
  scriptHashes: readonly string[] = [],
): string {
  const extra = remoteOrigins.length > 0 ? ` ${remoteOrigins.join(' ')}` : '';
  const quoted = (hashes: readonly string[]) => hashes.map((h) => ` '${h}'`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${extra}${quoted(scriptHashes)}`,
    `style-src 'self'${extra}${quoted(styleHashes)}`,
    `connect-src 'self'${extra}`,
    `img-src 'self' data:${extra}`,
    `font-src 'self'${extra}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The distinct origins of enabled remote variants whose manifest lives on another origin than the app's. */
export function remoteOriginsOf(manifestUrls: readonly string[], publicUrl: string): string[] {
  const own = new URL(publicUrl).origin;
  const origins = new Set<string>();
  for (const url of manifestUrls) {
    let origin: string;
    try {
      origin = new URL(url, own).origin;
    } catch {
      continue;
    }
    if (origin !== own && /^https?:\/\//.test(origin)) origins.add(origin);
  }
  return [...origins].sort();
}

/**
 * Security headers on every answer; a Content-Security-Policy for pages that allows exactly the app's and the
 * registered remotes' origins; HSTS in production (served over HTTPS there).
 */
/** Headers that only a document (or a worker) heeds. */
const DOCUMENT_ONLY = ['X-Frame-Options', 'Cross-Origin-Opener-Policy', 'Permissions-Policy'];
/** Types of files that are loaded by a page, never shown as one (SVG is not among them: it can run as a document). */
const SUBRESOURCE =
  /^(?:text\/javascript|application\/javascript|text\/css|font\/|image\/(?:png|jpeg|webp|gif|avif))/;

/** A file a page loads (not a page, not the API, not the service worker's script, which is a worker's document). */
export function isSubresource(pathname: string, type: string): boolean {
  if (pathname === '/sw.js' || pathname.startsWith('/api/') || pathname.startsWith('/auth/')) return false;
  return SUBRESOURCE.test(type);
}

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

export function securityHeaders(opts: {
  db: Knex;
  publicUrl: string;
  production: boolean;
  logger: Logger;
}): Middleware {
  let cached: { at: number; origins: string[] } | null = null;
  const remoteOrigins = async (): Promise<string[]> => {
    if (cached && Date.now() - cached.at < ORIGINS_TTL_MS) return cached.origins;
    try {
      const rows: { manifest_url: string }[] = await opts
        .db('remote_variants')
        .where({ enabled: true })
        .select('manifest_url');
      cached = {
        at: Date.now(),
        origins: remoteOriginsOf(
          rows.map((r) => r.manifest_url),
          opts.publicUrl,
        ),
      };
    } catch (err) {
      // Database down: keep the last known origins (or none), the page still gets a policy.
      opts.logger.warn({ err }, 'could not read remote origins for the Content-Security-Policy');
      return cached?.origins ?? [];
    }
    return cached.origins;
  };

  return async function setSecurityHeaders(ctx, next) {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    // Powerful features the app never uses are off for it and anything it embeds (read-aloud needs none).
    ctx.set('Permissions-Policy', PERMISSIONS_POLICY);
    if (opts.production) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    try {
      await next();
    } finally {
      if (isSubresource(ctx.path, ctx.response.type)) {
        // A script, stylesheet, font or raster image is never a document: the document-only headers do nothing for
        // it, and on HTTP/1.1 they cost about half a kilobyte per file (a page loads a dozen).
        for (const name of DOCUMENT_ONLY) ctx.remove(name);
      } else {
        // Pages, and the service worker's script: a worker script's policy governs the worker (its fetches).
        const data = ctx.path.startsWith('/api/') || ctx.path === '/api' || ctx.path.startsWith('/auth/');
        const hashesOf = (hashes: unknown) =>
          Array.isArray(hashes)
            ? hashes.filter((h): h is string => typeof h === 'string' && /^sha256-[\w+/=]+$/.test(h))
            : [];
        ctx.set(
          'Content-Security-Policy',
          data
            ? API_POLICY
            : documentPolicy(
                await remoteOrigins(),
                hashesOf(ctx.state.cspStyleHashes),
                hashesOf(ctx.state.cspScriptHashes),
              ),
        );
      }
    }
  };
}
