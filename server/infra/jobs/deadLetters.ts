import type { Db } from '../db/database.ts';
import { jobDeadLetters } from '../db/schema.ts';
import type { JobPayload } from './jobQueue.ts';

export interface DeadLetter {
  name: string;
  payload: JobPayload;
  error: unknown;
  attempts: number;
}

export type JobLog = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** Keeps a job that failed its last attempt. Never throws: losing the record must not hide the failure, so it is logged either way. */
export async function recordDeadLetter(db: Db, log: JobLog, letter: DeadLetter): Promise<void> {
  const error = letter.error instanceof Error ? (letter.error.stack ?? letter.error.message) : String(letter.error);
  log.error({ job: letter.name, attempts: letter.attempts, err: letter.error }, 'job failed its last attempt');
  try {
    await db.insert(jobDeadLetters).values({ name: letter.name, payload: letter.payload, error, attempts: letter.attempts });
  } catch (insertError) {
    log.error({ job: letter.name, err: insertError }, 'job dead letter not recorded');
  }
}
