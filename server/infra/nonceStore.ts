import { lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database, Db } from './db/database.ts';
import { requestNonces } from './db/schema.ts';
import { DomainError } from '../domainError.ts';

/** Remembers accepted request nonces so a signed request is honoured once. */
export interface NonceStore {
  /** True when the nonce was unused (and is now claimed until expiresAt); false on replay. */
  claim(nonce: string, expiresAt: Date): Promise<boolean>;
  /** Drops expired entries; returns how many went. */
  purgeExpired(now?: Date): Promise<number>;
}

/**
 * Where nonces live. Redis when configured: instances share it and it expires keys by itself.
 * Else, with PGlite, process memory: PGlite holds its data directory for one process, so this
 * server is the only instance, and a map spares every signed read a database write. Else
 * (PostgreSQL without Redis, possibly several instances) the request_nonces table.
 * Memory is lost on restart, so a token captured before a restart can be replayed once within its
 * few-minute window after it; run with Redis where that matters.
 */
export function createNonceStore(database: Pick<Database, 'db' | 'driver'>, redis: { client: Redis; prefix: string } | undefined): NonceStore {
  if (redis) return new RedisNonceStore(redis.client, redis.prefix);
  return database.driver === 'pglite' ? new MemoryNonceStore() : new DbNonceStore(database.db);
}

/** Default bound: far above what one PGlite-backed process serves in a token window (~6 min). */
export const MEMORY_NONCE_LIMIT = 500_000;

/** Nonces in a map of nonce → expiry (ms), for a single server process. */
export class MemoryNonceStore implements NonceStore {
  private readonly expiries = new Map<string, number>();
  private lastFullPurge = 0;

  constructor(private readonly limit: number = MEMORY_NONCE_LIMIT) {}

  get size(): number {
    return this.expiries.size;
  }

  // No await between the lookup and the set: a concurrent claim of the same nonce must see it.
  async claim(nonce: string, expiresAt: Date): Promise<boolean> {
    const now = Date.now();
    const held = this.expiries.get(nonce);
    if (held !== undefined && held >= now) return false;
    if (held === undefined && this.expiries.size >= this.limit) {
      // At most one full scan a second, so a flood while full cannot turn every claim into one.
      if (now - this.lastFullPurge >= 1000) {
        this.lastFullPurge = now;
        this.dropExpired(now);
      }
      // Evicting a live nonce would reopen it to replay, so refuse until entries expire.
      if (this.expiries.size >= this.limit) throw new DomainError('UNAVAILABLE', 'Too many requests in flight; try again shortly');
    }
    this.expiries.set(nonce, expiresAt.getTime());
    return true;
  }

  async purgeExpired(now: Date = new Date()): Promise<number> {
    return this.dropExpired(now.getTime());
  }

  private dropExpired(cut: number): number {
    let removed = 0;
    for (const [nonce, expiry] of this.expiries) {
      if (expiry < cut) {
        this.expiries.delete(nonce);
        removed++;
      }
    }
    return removed;
  }
}

export class DbNonceStore implements NonceStore {
  constructor(private readonly db: Db) {}

  async claim(nonce: string, expiresAt: Date): Promise<boolean> {
    const inserted = await this.db
      .insert(requestNonces)
      .values({ nonce, expiresAt })
      .onConflictDoNothing({ target: requestNonces.nonce })
      .returning({ nonce: requestNonces.nonce });
    if (inserted.length === 1) return true;
    // A row left behind after expiry is not a replay of a live token; take it over.
    const reclaimed = await this.db
      .update(requestNonces)
      .set({ expiresAt })
      .where(sql`${requestNonces.nonce} = ${nonce} and ${requestNonces.expiresAt} < now()`)
      .returning({ nonce: requestNonces.nonce });
    return reclaimed.length === 1;
  }

  async purgeExpired(now: Date = new Date()): Promise<number> {
    const removed = await this.db.delete(requestNonces).where(lt(requestNonces.expiresAt, now)).returning({ nonce: requestNonces.nonce });
    return removed.length;
  }
}

export class RedisNonceStore implements NonceStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async claim(nonce: string, expiresAt: Date): Promise<boolean> {
    const ttl = Math.max(1, expiresAt.getTime() - Date.now());
    return (await this.redis.set(this.prefix + nonce, '1', 'PX', ttl, 'NX')) === 'OK';
  }

  async purgeExpired(): Promise<number> {
    return 0; // Redis expires keys by itself.
  }
}
