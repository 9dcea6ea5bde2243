import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * "Drop this cached entry", told to every instance. A cache in process memory (campaign reads, sitemap pages)
 * subscribes to its topic; a write invalidates the key it changed. Without Redis there is one server and the bus
 * stays in the process; with Redis, several instances may serve the same data and each must drop its copy, or one
 * would serve what another just changed for a whole cache window. A message lost while Redis is unreachable is not
 * replayed: the caches' own expiry still bounds how stale they get.
 */
export interface CacheBus {
  /** Drops key from topic's caches in this process at once, and on every other instance as soon as Redis delivers. */
  invalidate(topic: string, key: string): void;
  /** Calls drop with every key invalidated under topic, here or on another instance; returns the unsubscribe. */
  subscribe(topic: string, drop: (key: string) => void): () => void;
  close(): Promise<void>;
}

/** The listeners of this process, by topic. */
class LocalCacheBus implements CacheBus {
  private readonly listeners = new Map<string, Set<(key: string) => void>>();

  invalidate(topic: string, key: string): void {
    for (const drop of this.listeners.get(topic) ?? []) drop(key);
  }

  subscribe(topic: string, drop: (key: string) => void): () => void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(drop);
    return () => set.delete(drop);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

interface Message {
  /** The publishing instance: it dropped its own entries already. */
  from: string;
  topic: string;
  key: string;
}

function parseMessage(text: string): Message | undefined {
  try {
    const value = JSON.parse(text) as Partial<Message>;
    return typeof value.from === 'string' && typeof value.topic === 'string' && typeof value.key === 'string' ? (value as Message) : undefined;
  } catch {
    return undefined;
  }
}

/** Local listeners, plus one Redis channel (prefix + "cache") that every instance publishes to and listens on. */
class RedisCacheBus implements CacheBus {
  private readonly local = new LocalCacheBus();
  private readonly instance = randomUUID();

  constructor(
    private readonly publisher: Redis,
    /** A connection of its own: a subscribed Redis connection can run no other command. */
    private readonly subscriber: Redis,
    private readonly channel: string,
    private readonly onError: (error: unknown) => void,
  ) {
    subscriber.on('message', (channel: string, text: string) => {
      const message = channel === this.channel ? parseMessage(text) : undefined;
      if (message && message.from !== this.instance) this.local.invalidate(message.topic, message.key);
    });
  }

  invalidate(topic: string, key: string): void {
    this.local.invalidate(topic, key);
    const message: Message = { from: this.instance, topic, key };
    this.publisher.publish(this.channel, JSON.stringify(message)).catch(this.onError);
  }

  subscribe(topic: string, drop: (key: string) => void): () => void {
    return this.local.subscribe(topic, drop);
  }

  async close(): Promise<void> {
    await this.local.close();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }
}

/**
 * The bus over Redis when a client is given (resolved once subscribed, so an instance that has started hears every
 * later invalidation), else in this process. Publishing goes through `redis`; a duplicate of it listens.
 */
export async function createCacheBus(redis: { client: Redis; prefix: string } | undefined, onError: (error: unknown) => void): Promise<CacheBus> {
  if (!redis) return new LocalCacheBus();
  const subscriber = redis.client.duplicate();
  subscriber.on('error', onError);
  const channel = `${redis.prefix}cache`;
  try {
    await subscriber.subscribe(channel);
  } catch (error) {
    subscriber.disconnect();
    throw error;
  }
  return new RedisCacheBus(redis.client, subscriber, channel, onError);
}
