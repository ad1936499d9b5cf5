import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';

type Pending = {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (err: unknown) => void;
};

// Frontend message types that end a protocol exchange: Sync (extended protocol), Query (simple), Terminate.
const SYNC = 0x53;
const QUERY = 0x51;
const TERMINATE = 0x58;

/**
 * PGlite is one PostgreSQL backend, so the connections of a socket server take turns. pglite-socket's own queue
 * takes turns per *message*, which lets another connection's Parse/Bind/Execute slip in between one client's
 * Parse and its Bind: under concurrency statements fail ("unnamed prepared statement does not exist") or a
 * client reads another's result. This queue gives a connection the backend for a whole exchange — until its
 * Sync or simple Query has run, and for as long as it holds a transaction open.
 */
export class ExchangeQueue {
  private pending: Pending[] = [];
  private owner: number | null = null;
  private pumping = false;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.pending.push({ handlerId, message, onData, resolve, reject });
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (;;) {
        const index = this.pending.findIndex((p) => this.owner === null || p.handlerId === this.owner);
        if (index === -1) break;
        const [item] = this.pending.splice(index, 1) as [Pending];
        this.owner = item.handlerId;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
          item.resolve(bytes);
        } catch (err) {
          item.reject(err);
        }
        const type = item.message[0];
        const endsExchange = type === SYNC || type === QUERY || type === TERMINATE || type === 0;
        if (endsExchange && !this.db.isInTransaction()) this.owner = null;
      }
    } finally {
      this.pumping = false;
    }
  }

  getQueueLength(): number {
    return this.pending.length;
  }

  /** A connection went away: drop what it still had queued and give the backend back. */
  clearQueueForHandler(handlerId: number): void {
    this.pending = this.pending.filter((p) => {
      if (p.handlerId !== handlerId) return true;
      p.reject(new Error('connection closed'));
      return false;
    });
  }

  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    this.owner = null;
    void this.pump();
  }
}

/** A loopback PostgreSQL wire-protocol server in front of one PGlite, safe for a pool of connections. */
export async function servePGlite(
  db: PGlite,
  host = '127.0.0.1',
  port = 0,
): Promise<{ url: string; stop(): Promise<void> }> {
  await db.waitReady;
  const queue = new ExchangeQueue(db);
  const handlers = new Set<PGLiteSocketHandler>();
  const server = net.createServer((socket) => {
    const handler = new PGLiteSocketHandler({
      // Same methods as pglite-socket's own queue (its class is not exported).
      queryQueue: queue as unknown as ConstructorParameters<typeof PGLiteSocketHandler>[0]['queryQueue'],
      closeOnDetach: true,
    });
    handlers.add(handler);
    socket.on('close', () => handlers.delete(handler));
    void handler.attach(socket).catch(() => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as net.AddressInfo;
  return {
    url: `postgres://postgres@${host}:${address.port}/postgres?sslmode=disable`,
    async stop() {
      for (const h of handlers) await h.detach(true);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
