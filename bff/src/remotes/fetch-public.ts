import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** Every address a host name resolves to. */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** Why a fetch of someone else's URL was not done or gave nothing usable; the reason is for the log only. */
export class FetchRefused extends Error {}

/** All of IPv6's public unicast space is inside 2000::/3; anything outside it is special or unassigned. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether an address is a public unicast one: not loopback, private (RFC 1918), link-local, shared (CGNAT),
 * multicast, broadcast, unspecified, reserved or documentation space, nor an IPv6 form that carries or reaches
 * IPv4 (IPv4-mapped, NAT64, 6to4, Teredo) or stays on a site (unique-local). The ranges are ipaddr.js's IANA tables.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.parse(address);
  if (ip.range() !== 'unicast') return false;
  return ip.kind() === 'ipv4' || (ip as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

const isLoopback = (address: string) =>
  ipaddr.isValid(address) && ipaddr.parse(address).range() === 'loopback';

export type FetchPublicOptions = {
  method?: 'GET' | 'HEAD';
  /** Bytes of the body at most; a longer body fails. */
  maxBytes: number;
  /** Everything, from the lookup to the last byte, within this. */
  timeoutMs: number;
  resolve?: Resolver;
  /** Tests only: http:// and loopback addresses are allowed too (never private or other special addresses). */
  allowLoopback?: boolean;
};

export type Pinned = { url: URL; address: string };

/**
 * Resolves the URL's host once and checks every address it has: https, a public address (or loopback when allowed).
 * Resolves to the URL and the checked address to connect to, so a second lookup (DNS rebinding) cannot move the
 * connection elsewhere. Throws FetchRefused before any connection is made.
 */
export async function pinPublicUrl(
  target: string | URL,
  opts: Pick<FetchPublicOptions, 'resolve' | 'allowLoopback'> & { timeoutMs?: number } = {},
): Promise<Pinned> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new FetchRefused('not a URL');
  }
  const allowedProtocol = url.protocol === 'https:' || (opts.allowLoopback && url.protocol === 'http:');
  if (!allowedProtocol) throw new FetchRefused(`protocol ${url.protocol}`);
  if (url.username || url.password) throw new FetchRefused('credentials in the URL');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    let timer: NodeJS.Timeout | undefined;
    try {
      addresses = await Promise.race([
        (opts.resolve ?? systemResolver)(host),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), opts.timeoutMs ?? 5_000);
        }),
      ]);
    } catch {
      throw new FetchRefused('no address');
    } finally {
      clearTimeout(timer);
    }
  }
  const allowed = (a: string) => isPublicAddress(a) || (opts.allowLoopback === true && isLoopback(a));
  if (addresses.length === 0 || !addresses.every(allowed)) throw new FetchRefused('not a public address');
  return { url, address: addresses[0] as string };
}

/**
 * One request to a pinned URL (see `pinPublicUrl`): connects to the checked address with the URL's host name for
 * TLS and the Host header, follows no redirect, and fails (FetchRefused) on anything but a 2xx, a body above
 * `maxBytes` or the time running out. Resolves to the body (empty for HEAD).
 */
export function requestPinned(pinned: Pinned, opts: FetchPublicOptions): Promise<Buffer> {
  const { url, address } = pinned;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Buffer>((resolve, reject) => {
    const req = client.request(
      {
        protocol: url.protocol,
        host: address,
        family: net.isIP(address),
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: opts.method ?? 'GET',
        servername: net.isIP(url.hostname) ? undefined : url.hostname,
        headers: { host: url.host, accept: 'application/json, */*', 'accept-encoding': 'identity' },
        timeout: opts.timeoutMs,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status > 299) {
          res.resume();
          req.destroy();
          reject(new FetchRefused(`status ${status}`));
          return;
        }
        if (opts.method === 'HEAD') {
          res.resume();
          resolve(Buffer.alloc(0));
          return;
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > opts.maxBytes) {
          req.destroy();
          reject(new FetchRefused('too large'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            req.destroy();
            reject(new FetchRefused('too large'));
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', () => reject(new FetchRefused('connection failed')));
      },
    );
    const deadline = setTimeout(() => {
      req.destroy();
      reject(new FetchRefused('timed out'));
    }, opts.timeoutMs);
    deadline.unref();
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => {
      req.destroy();
      reject(new FetchRefused('timed out'));
    });
    req.on('error', () => reject(new FetchRefused('connection failed')));
    req.end();
  });
}
