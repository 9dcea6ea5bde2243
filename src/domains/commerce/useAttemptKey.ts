import { useCallback, useRef } from 'react';

/** A fresh idempotency key: a random UUID without its dashes (32 characters, as contract/order.ts allows). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * The idempotency key of the current checkout attempt. An attempt is what is being bought and how (`attempt`
 * names it): while it stays the same, every Pay (a double click, a retry after an error) sends the same key and
 * gets the same order back; changing the plan, period, currency or provider starts a new attempt with a new key.
 */
export function useAttemptKey(attempt: string): () => string {
  const current = useRef<{ attempt: string; key: string } | null>(null);
  return useCallback(() => {
    if (current.current?.attempt !== attempt) current.current = { attempt, key: newIdempotencyKey() };
    return current.current.key;
  }, [attempt]);
}
