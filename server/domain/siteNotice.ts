import type { Database } from '../infra/db/database.ts';
import type { Mailer } from '../infra/mail/mailer.ts';

/** How long the notice waits for the database's answer before counting it as down: the notice must come back fast. */
export const NOTICE_DATABASE_PROBE_MS = 1500;

/** True when the ping answers within ms; false when it fails or is still waiting. */
async function answersWithin(ping: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([ping.then(() => true, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The site-wide notice: maintenance while a service users rely on is down — mail (codes and reset links do not
 * arrive) or the database (nothing loads or saves). It reads no table, so it answers during the outage it reports.
 */
export async function siteNotice(mail: Pick<Mailer, 'status'>, database: Pick<Database, 'ping'>, probeMs: number = NOTICE_DATABASE_PROBE_MS): Promise<{ maintenance: boolean }> {
  if (mail.status() === 'down') return { maintenance: true };
  return { maintenance: !(await answersWithin(database.ping(), probeMs)) };
}
