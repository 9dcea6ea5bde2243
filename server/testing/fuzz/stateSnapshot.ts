/**
 * What a refused request must leave as it was: every table's row count and a hash of its contents,
 * the files under the data directory (names, sizes, modification times), the objects in the app's storage (which
 * with the S3 driver live outside the data directory) and the mails sent.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import type { FileStorage } from '../../infra/storage/storage.ts';

/** node-postgres and PGlite both answer `{ rows }`; the type says less. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

export interface StateSnapshot {
  tables: Record<string, string>;
  files: string[];
  objects: string[];
}

/** The application's tables (the public schema; drizzle's own bookkeeping lives elsewhere). */
export async function tableNames(db: Db): Promise<string[]> {
  const result = await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  return rowsOf<{ table_name: string }>(result).map((row) => row.table_name);
}

/** One query for all tables: `count:md5` per table, rows hashed in a stable order. */
export async function tableState(db: Db, tables: readonly string[]): Promise<Record<string, string>> {
  const parts = tables.map(
    (table) => `select '${table}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as state from "${table}" t`,
  );
  const result = await db.execute(sql.raw(parts.join(' union all ')));
  return Object.fromEntries(rowsOf<{ name: string; state: string }>(result).map((row) => [row.name, row.state]));
}

/** Every file under `dir`, as `path size mtime`, sorted. */
export async function fileState(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    const info = await stat(path).catch(() => null);
    if (info) files.push(`${relative(dir, path)} ${info.isDirectory() ? 'dir' : `${info.size} ${info.mtimeMs}`}`);
  }
  return files.sort();
}

/** Every stored object, as `key lastModified`, sorted. */
export async function objectState(storage: FileStorage): Promise<string[]> {
  const objects: string[] = [];
  for await (const object of storage.list('')) objects.push(`${object.key} ${object.lastModified.getTime()}`);
  return objects.sort();
}

export async function stateSnapshot(db: Db, tables: readonly string[], dataDir: string, storage: FileStorage): Promise<StateSnapshot> {
  return { tables: await tableState(db, tables), files: await fileState(dataDir), objects: await objectState(storage) };
}
