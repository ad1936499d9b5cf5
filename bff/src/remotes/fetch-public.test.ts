import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefused, isPublicAddress, pinPublicUrl, type Resolver, requestPinned } from './fetch-public';

// The address check of a deploy's external manifest, with the name resolution given by the test: no lookup and no
// connection ever leaves 127.0.0.0/8.

/** A resolver that answers from a table and counts its lookups. */
function table(entries: Record<string, string[]>): Resolver & { lookups: string[] } {
  const lookups: string[] = [];
  const resolve = async (host: string) => {
    lookups.push(host);
    const found = entries[host];
    if (!found) throw new Error('ENOTFOUND');
    return found;
  };
  return Object.assign(resolve, { lookups });
}

describe('isPublicAddress', () => {
  it('public unicast only', () => {
    for (const a of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:82b::200e']) {
      expect(isPublicAddress(a), a).toBe(true);
    }
    for (const a of [
      '127.0.0.1',
      '127.255.255.254',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '240.0.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '::',
      '::1',
      '::ffff:10.0.0.1',
      '::ffff:93.184.216.34',
      '::10.0.0.1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fec0::1',
      'ff02::1',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      '2001::1',
      '2001:db8::1',
      '100::1',
      'not an address',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });
});

describe('pinPublicUrl', () => {
  it('refuses a name any of whose addresses is not public (a rebinding answer mixing both included), before connecting', async () => {
    const resolve = table({
      'cdn.example': ['93.184.216.34'],
      'mixed.example': ['93.184.216.34', '10.0.0.1'],
      'inside.example': ['10.0.0.1'],
      'mapped.example': ['::ffff:127.0.0.1'],
      'empty.example': [],
    });
    expect(await pinPublicUrl('https://cdn.example/m.json', { resolve })).toMatchObject({
      address: '93.184.216.34',
    });
    for (const host of [
      'mixed.example',
      'inside.example',
      'mapped.example',
      'empty.example',
      'unknown.example',
    ]) {
      await expect(pinPublicUrl(`https://${host}/m.json`, { resolve }), host).rejects.toBeInstanceOf(
        FetchRefused,
      );
    }
    // http is refused unless loopback is allowed for tests; loopback is then the only extra.
    await expect(pinPublicUrl('http://cdn.example/m.json', { resolve })).rejects.toBeInstanceOf(FetchRefused);
    await expect(
      pinPublicUrl('http://inside.example/m.json', { resolve, allowLoopback: true }),
    ).rejects.toBeInstanceOf(FetchRefused);
    // The http URL was refused before any lookup.
    expect(resolve.lookups.filter((h) => h === 'cdn.example')).toEqual(['cdn.example']);
  });
});

describe('requestPinned', () => {
  let server: http.Server;
  let port: number;
  const seen: { host: string | undefined; path: string | undefined }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ host: req.headers.host, path: req.url });
      res.end('{"ok":true}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('connects to the address that was checked, with the URL’s host name (which itself resolves nowhere)', async () => {
    const resolve = table({ 'cdn.invalid': ['127.0.0.1'] });
    const pinned = await pinPublicUrl(`http://cdn.invalid:${port}/learn/mf-manifest.json?x=1`, {
      resolve,
      allowLoopback: true,
    });
    const body = await requestPinned(pinned, { maxBytes: 1024, timeoutMs: 5_000 });
    expect(body.toString()).toBe('{"ok":true}');
    expect(seen).toEqual([{ host: `cdn.invalid:${port}`, path: '/learn/mf-manifest.json?x=1' }]);
    expect(resolve.lookups).toEqual(['cdn.invalid']);
    // A body above the limit fails.
    await expect(requestPinned(pinned, { maxBytes: 5, timeoutMs: 5_000 })).rejects.toBeInstanceOf(
      FetchRefused,
    );
  });
});
