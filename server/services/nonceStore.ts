import { lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/database.ts';
import { requestNonces } from '../db/schema.ts';

/** Remembers accepted request nonces so a signed request is honoured once. */
export interface NonceStore {
  /** True when the nonce was unused (and is now claimed until expiresAt); false on replay. */
  claim(nonce: string, expiresAt: Date): Promise<boolean>;
  /** Drops expired entries; returns how many went. */
  purgeExpired(now?: Date): Promise<number>;
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
