import { openDatabase, type Database } from '../infra/db/database.ts';
import type { DatabaseTimeouts } from '../infra/db/databaseTimeouts.ts';
import { startTcpProxy, type TcpProxy } from './tcpProxy.ts';

/** The connection string a PostgreSQL Database was opened with (node-postgres keeps it on the pool). */
export function connectionStringOf(database: Pick<Database, 'db'>): string {
  return (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
}

/** The same URL with host and port of a proxy in front of it. */
export function throughProxy(connectionString: string, proxy: Pick<TcpProxy, 'port'>): string {
  const url = new URL(connectionString);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return url.toString();
}

export interface ProxiedDatabase {
  database: Database;
  proxy: TcpProxy;
  close(): Promise<void>;
}

/** A second pool on an existing PostgreSQL test database, reached through a proxy the test can refuse or freeze. */
export async function openThroughProxy(direct: Pick<Database, 'db'>, timeouts: Partial<DatabaseTimeouts>): Promise<ProxiedDatabase> {
  const target = new URL(connectionStringOf(direct));
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const database = await openDatabase({ databaseUrl: throughProxy(target.toString(), proxy), pgliteDir: 'memory://', ...timeouts });
  return {
    database,
    proxy,
    async close() {
      await proxy.resume();
      await database.close();
      await proxy.close();
    },
  };
}
