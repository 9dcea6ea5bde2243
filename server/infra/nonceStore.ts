import { lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database, Db } from './db/database.ts';
import { requestNonces } from './db/schema.ts';
import { DomainError } from '../domainError.ts';

/** Remembers accepted request nonces so a signed request is honoured once. */
export interface NonceStore {
  /**
   * True when the nonce was unused (and is now claimed until expiresAt); false on replay. `client` (clientKeyOf the
   * caller's IP) lets a store bound what one caller holds; nonces are unique across clients all the same.
   */
  claim(nonce: string, expiresAt: Date, client?: string): Promise<boolean>;
  /** Drops expired entries; returns how many went. */
  purgeExpired(now?: Date): Promise<number>;
}

/**
 * Where nonces live. Redis when configured: instances share it and it expires keys by itself.
 * Else, with PGlite, process memory: PGlite holds its data directory for one process, so this
 * server is the only instance, and a map spares every signed read a database write. Else
 * (PostgreSQL without Redis, possibly several instances) the request_nonces table.
 * Memory is lost on restart, so a token captured before a restart can be replayed once within its
 * few-minute window after it; run with Redis where that matters. Memory and Redis bound each client's share
 * (limits.perClient); the table does not (that needs a client column): there the rate limiter bounds each client.
 */
export function createNonceStore(
  database: Pick<Database, 'db' | 'driver'>,
  redis: { client: Redis; prefix: string } | undefined,
  limits: Partial<NonceLimits> = {},
): NonceStore {
  if (redis) return new RedisNonceStore(redis.client, redis.prefix, limits.perClient);
  return database.driver === 'pglite' ? new MemoryNonceStore(limits) : new DbNonceStore(database.db);
}

/** Bounds of the memory store; the Redis store keeps perClient too. */
export interface NonceLimits {
  /** Nonces held in all: a last resort, reached only by hundreds of clients at once (see perClient). */
  total: number;
  /** Live nonces one client may hold; past it that client is refused with 429 while the others go on. */
  perClient: number;
}

/**
 * A token is good for TOKEN_WINDOW_MS either side of its timestamp, so a nonce can live about 11 minutes: at the
 * default 600 requests a minute one address could hold ~6,600 and about 80 addresses fill 500,000. A browser sends
 * a handful of signed requests per page or action, so 2,000 in 11 minutes (3 a second, sustained) leaves a person
 * plenty while filling the store takes 250 addresses. NONCES_PER_CLIENT changes it (the e2e suite, the API bench).
 */
export const NONCE_LIMITS: NonceLimits = { total: 500_000, perClient: 2_000 };

/** Who held a nonce, and until when (ms). */
interface Claim {
  expiry: number;
  client: string | undefined;
}

/** What one client holds: how many nonces, and the earliest expiry among them (a lower bound once entries go). */
interface Share {
  held: number;
  soonest: number;
}

/** Nonces in a map of nonce → claim, for a single server process, with a share per client. */
export class MemoryNonceStore implements NonceStore {
  private readonly claims = new Map<string, Claim>();
  private readonly shares = new Map<string, Share>();
  private readonly limits: NonceLimits;
  private lastFullPurge = 0;

  constructor(limits: Partial<NonceLimits> = {}) {
    this.limits = { ...NONCE_LIMITS, ...limits };
  }

  get size(): number {
    return this.claims.size;
  }

  /** Live and not yet purged nonces this client holds. */
  heldBy(client: string): number {
    return this.shares.get(client)?.held ?? 0;
  }

  // No await between the lookup and the set: a concurrent claim of the same nonce must see it.
  async claim(nonce: string, expiresAt: Date, client?: string): Promise<boolean> {
    const now = Date.now();
    const held = this.claims.get(nonce);
    if (held !== undefined && held.expiry >= now) return false;
    const share = client === undefined ? undefined : this.shares.get(client);
    const clientFull = share !== undefined && share.held >= this.limits.perClient;
    if (clientFull || (held === undefined && this.claims.size >= this.limits.total)) {
      // At most one full scan a second, so a flood while full cannot turn every claim into one.
      if (now - this.lastFullPurge >= 1000) {
        this.lastFullPurge = now;
        this.dropExpired(now);
      }
      // Evicting a live nonce would reopen it to replay, so refuse until entries expire: the client over its share
      // with 429 (it is the one sending too much), anyone else only when the whole store is full.
      if (share !== undefined && share.held >= this.limits.perClient) {
        const seconds = Math.max(1, Math.ceil((share.soonest - now) / 1000));
        throw new DomainError('RATE_LIMITED', `Too many signed requests from this address; retry in ${seconds} s`);
      }
      if (held === undefined && this.claims.size >= this.limits.total) throw new DomainError('UNAVAILABLE', 'Too many requests in flight; try again shortly');
    }
    if (held !== undefined) this.release(held);
    const expiry = expiresAt.getTime();
    this.claims.set(nonce, { expiry, client });
    if (client !== undefined) {
      const current = this.shares.get(client);
      if (current) {
        current.held++;
        current.soonest = Math.min(current.soonest, expiry);
      } else {
        this.shares.set(client, { held: 1, soonest: expiry });
      }
    }
    return true;
  }

  async purgeExpired(now: Date = new Date()): Promise<number> {
    return this.dropExpired(now.getTime());
  }

  private release(claim: Claim): void {
    if (claim.client === undefined) return;
    const share = this.shares.get(claim.client);
    if (!share) return;
    if (--share.held <= 0) this.shares.delete(claim.client);
  }

  /** Drops expired nonces and recomputes each client's earliest expiry from what is left. */
  private dropExpired(cut: number): number {
    let removed = 0;
    for (const share of this.shares.values()) share.soonest = Infinity;
    for (const [nonce, claim] of this.claims) {
      if (claim.expiry < cut) {
        this.claims.delete(nonce);
        this.release(claim);
        removed++;
      } else if (claim.client !== undefined) {
        const share = this.shares.get(claim.client)!;
        share.soonest = Math.min(share.soonest, claim.expiry);
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

// Atomic: the replay check, the client's share (a sorted set of its nonces by expiry, expired ones dropped first)
// and the claim. Returns 1 when claimed, 0 on replay, or the earliest expiry (ms, negated) of a client over its share.
const CLAIM_SCRIPT = `if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[2])
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then
  local soonest = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
  return -tonumber(soonest[2])
end
redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[5])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[2], ARGV[1]) end
return 1`;

/**
 * Nonces as keys expiring by themselves. With a client, its share is bounded like the memory store's (Redis memory
 * would otherwise grow with every address's full rate); its nonces are listed under prefix + "client:" + client,
 * which no nonce key can equal (request nonces are base64url, captcha ones start with "altcha:").
 */
export class RedisNonceStore implements NonceStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly perClient: number = NONCE_LIMITS.perClient,
  ) {}

  async claim(nonce: string, expiresAt: Date, client?: string): Promise<boolean> {
    const now = Date.now();
    const ttl = Math.max(1, expiresAt.getTime() - now);
    if (client === undefined) return (await this.redis.set(this.prefix + nonce, '1', 'PX', ttl, 'NX')) === 'OK';
    const result = Number(await this.redis.eval(CLAIM_SCRIPT, 2, this.prefix + nonce, `${this.prefix}client:${client}`, ttl, now, expiresAt.getTime(), this.perClient, nonce));
    if (result >= 0) return result === 1;
    const seconds = Math.max(1, Math.ceil((-result - now) / 1000));
    throw new DomainError('RATE_LIMITED', `Too many signed requests from this address; retry in ${seconds} s`);
  }

  async purgeExpired(): Promise<number> {
    return 0; // Redis expires keys by itself.
  }
}
