import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/infra/db/database.ts';
import { accounts } from '../server/infra/db/schema.ts';
import { runStaffCommand, STAFF_USAGE } from './staff.ts';

describe('npm run staff (PGlite data directory)', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'bingkai-staff-cli-'));
    env = { DATA_DIR: dataDir };
    const database = await openDatabase(loadConfig(env));
    try {
      await database.migrate();
      await database.db.insert(accounts).values([
        { username: 'rina', name: 'Rina', email: 'rina@example.test' },
        { username: 'dodi', name: 'Dodi', email: 'dodi@example.test' },
      ]);
    } finally {
      await database.close();
    }
  }, 60_000);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const roles = async () => {
    const database = await openDatabase(loadConfig(env));
    try {
      const rows = await database.db.select({ email: accounts.email, staffRole: accounts.staffRole }).from(accounts);
      return Object.fromEntries(rows.map((row) => [row.email, row.staffRole]));
    } finally {
      await database.close();
    }
  };

  it('grants, lists and revokes the role, by email in any case, and says when nothing changed', async () => {
    expect(await runStaffCommand(['list'], env)).toEqual({ code: 0, lines: ['No staff accounts.'] });
    expect(await runStaffCommand(['grant', ' Rina@Example.TEST '], env)).toEqual({ code: 0, lines: ['rina@example.test is now staff.'] });
    expect(await runStaffCommand(['grant', 'rina@example.test'], env)).toEqual({ code: 0, lines: ['rina@example.test is already staff.'] });
    expect(await runStaffCommand(['list'], env)).toEqual({ code: 0, lines: ['rina@example.test\t@rina'] });
    expect(await roles()).toEqual({ 'rina@example.test': 'staff', 'dodi@example.test': null });
    expect(await runStaffCommand(['revoke', 'rina@example.test'], env)).toEqual({ code: 0, lines: ['rina@example.test is no longer staff.'] });
    expect(await runStaffCommand(['revoke', 'rina@example.test'], env)).toEqual({ code: 0, lines: ['rina@example.test is not staff; nothing to revoke.'] });
    expect(await roles()).toEqual({ 'rina@example.test': null, 'dodi@example.test': null });
  }, 60_000);

  it('refuses an unknown email and wrong usage, changing nothing', async () => {
    expect(await runStaffCommand(['grant', 'nobody@example.test'], env)).toEqual({ code: 1, lines: ['No account has the email nobody@example.test'] });
    for (const args of [[], ['promote', 'dodi@example.test'], ['grant'], ['grant', 'a@example.test', 'b@example.test'], ['list', 'extra']]) {
      expect(await runStaffCommand(args, env)).toEqual({ code: 2, lines: [STAFF_USAGE] });
    }
    expect(await roles()).toEqual({ 'rina@example.test': null, 'dodi@example.test': null });
  }, 60_000);
});
