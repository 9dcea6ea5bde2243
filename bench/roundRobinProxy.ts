import { connect, createServer, type Socket } from 'node:net';

export interface RoundRobinProxy {
  /** http://127.0.0.1:<port> */
  base: string;
  /** Connections sent to each target so far, in the order of the targets. */
  connections: number[];
  close(): Promise<void>;
}

/**
 * A TCP load balancer on loopback, as a layer-4 balancer in front of several instances: each new connection goes to
 * the next target in turn, and its bytes are piped both ways untouched (so x-forwarded-for reaches the server as the
 * client set it). Keep-alive clients are balanced per connection, not per request, as behind such a balancer.
 */
export async function startRoundRobinProxy(targets: { host: string; port: number }[]): Promise<RoundRobinProxy> {
  if (targets.length === 0) throw new Error('a round-robin proxy needs at least one target');
  const connections = targets.map(() => 0);
  const open = new Set<Socket>();
  let next = 0;
  const server = createServer((client) => {
    const index = next++ % targets.length;
    connections[index]!++;
    const upstream = connect(targets[index]!.port, targets[index]!.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
    }
    client.pipe(upstream);
    upstream.pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    base: `http://127.0.0.1:${address.port}`,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
