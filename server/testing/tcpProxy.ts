import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a real server (PostgreSQL) that a test can break on purpose, so outages are
 * simulated without touching the machine's database: refuse() is a stopped server, freeze() a hung one.
 */
export interface TcpProxy {
  /** The port it listens on (127.0.0.1). */
  port: number;
  /** Closes every open connection and refuses new ones, as a stopped server does. */
  refuse(): void;
  /** Keeps every socket open but passes no byte either way, as a hung server (or network) does; new connections hang too. */
  freeze(): void;
  /** Forwards again (listening again after refuse): held bytes flow on and new connections go through. */
  resume(): Promise<void>;
  /** Connections open now (client side). */
  openConnections(): number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'forward' | 'refuse' | 'freeze' = 'forward';
  const pairs = new Set<{ client: Socket; upstream: Socket }>();

  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    // Piped only while forwarding: pipe() resumes its source, which would let a frozen connection through.
    if (mode === 'forward') {
      client.pipe(upstream);
      upstream.pipe(client);
    }
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const listen = () => new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));

  return {
    port,
    refuse() {
      mode = 'refuse';
      // Not listening: a new connection gets ECONNREFUSED, like a stopped server's port.
      server.close();
      for (const { client, upstream } of pairs) {
        client.resetAndDestroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    freeze() {
      mode = 'freeze';
      for (const { client, upstream } of pairs) {
        // unpipe first: a piped stream resumes its source when the destination drains.
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async resume() {
      if (mode === 'refuse') await listen();
      mode = 'forward';
      for (const { client, upstream } of pairs) {
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
        upstream.resume();
      }
    },
    openConnections: () => pairs.size,
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
