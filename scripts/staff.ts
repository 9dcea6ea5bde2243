/**
 * The staff role, from the command line only (never through the public API):
 *
 *   npm run staff -- grant someone@example.com
 *   npm run staff -- revoke someone@example.com
 *   npm run staff -- list
 *
 * Opens the database the server would (DATABASE_URL, else the PGlite directory under DATA_DIR). A PGlite directory
 * is one process's at a time: stop the server first, or use PostgreSQL. The server reads the role on every staff
 * request, so a grant or a revoke counts at once.
 */
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../server/config.ts';
import { DomainError } from '../server/domainError.ts';
import { openDatabase } from '../server/infra/db/database.ts';
import { listStaffAccounts, setStaffRole } from '../server/domain/staff.ts';

export const STAFF_USAGE = 'Usage: npm run staff -- grant <email> | revoke <email> | list';

export interface StaffCommandResult {
  /** 0 on success, 1 for a failure (unknown email), 2 for wrong usage. */
  code: number;
  lines: string[];
}

/** Runs one command against the database named by `env`; never throws for a user's mistake. */
export async function runStaffCommand(args: readonly string[], env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Promise<StaffCommandResult> {
  const [command, email, ...rest] = args;
  const needsEmail = command === 'grant' || command === 'revoke';
  if (!(needsEmail || command === 'list') || (needsEmail && (!email || rest.length > 0)) || (command === 'list' && email !== undefined)) {
    return { code: 2, lines: [STAFF_USAGE] };
  }
  const database = await openDatabase(loadConfig(env, cwd));
  try {
    await database.migrate();
    if (command === 'list') {
      const staff = await listStaffAccounts(database.db);
      if (staff.length === 0) return { code: 0, lines: ['No staff accounts.'] };
      return { code: 0, lines: staff.map((row) => `${row.email}\t@${row.username}${row.suspended ? '\t(suspended)' : ''}`) };
    }
    const grant = command === 'grant';
    const { changed } = await setStaffRole(database.db, email!, grant);
    const who = email!.trim().toLowerCase();
    if (!changed) return { code: 0, lines: [grant ? `${who} is already staff.` : `${who} is not staff; nothing to revoke.`] };
    return { code: 0, lines: [grant ? `${who} is now staff.` : `${who} is no longer staff.`] };
  } catch (error) {
    if (error instanceof DomainError) return { code: 1, lines: [error.message] };
    throw error;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runStaffCommand(process.argv.slice(2));
  for (const line of result.lines) (result.code === 0 ? console.info : console.error)(line);
  process.exitCode = result.code;
}
