import net from 'node:net';

/**
 * A TCP proxy between the BFF and PostgreSQL that can be cut: `down()` resets every open connection and refuses
 * new ones (what the BFF sees when PostgreSQL restarts), `up()` lets connections through again.
 */
export class FaultProxy {
  private server = net.createServer((client) => this.accept(client));
  private sockets = new Set<net.Socket>();
  private available = true;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  private accept(client: net.Socket) {
    if (!this.available) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(this.targetPort, this.targetHost);
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }

  down(): void {
    this.available = false;
    for (const s of this.sockets) s.resetAndDestroy();
  }

  up(): void {
    this.available = true;
  }

  async stop(): Promise<void> {
    this.down();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
