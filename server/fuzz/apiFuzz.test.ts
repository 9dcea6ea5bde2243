/**
 * The API under fuzz: every endpoint of contract/routes.ts gets requests built from its own zod schemas
 * (server/testing/fuzz/zodArbitrary.ts), then mutated with hostile values (server/testing/fuzz/hostileValues.ts),
 * sent signed, unsigned or forged, anonymously or with a signed-in account's bearer token.
 * Two properties: no answer is a 5xx, and a refused request (4xx) changes no row, no stored file and sends no mail.
 *
 * `npm test` runs FUZZ_RUNS_DEFAULT cases per route; `npm run fuzz` raises it (FUZZ_RUNS, FUZZ_SEED to replay).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiRoutes, rootRoutes, splitRouteKey, TEST_HOOKS_PREFIX, TEST_HOOKS_SECRET_HEADER, testHookRoutes, type RouteSchemas } from '../../contract/routes.ts';
import { accounts, campaigns } from '../infra/db/schema.ts';
import { bearer, createAccountTestApp, registerVerified, type AccountTestApp } from '../testing/accountApp.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { applyMutation, bodyText, hostileHeaders, hostilePathSegment, mutation, rawBody } from '../testing/fuzz/hostileValues.ts';
import { stateSnapshot, tableNames, type StateSnapshot } from '../testing/fuzz/stateSnapshot.ts';
import { zodArbitrary } from '../testing/fuzz/zodArbitrary.ts';
import { socialPeerConfig, startSocialPeers, type SocialPeers } from '../testing/socialPeers.ts';
import { createTestApp, drivers, signedInject } from '../testing/testApp.ts';

/** Cases per route in `npm test`: ~25 s per driver on a shared 2-core machine (12 took 40 s). */
const FUZZ_RUNS_DEFAULT = 4;
/** Cases per route in `npm run fuzz` (npm names the running script in npm_lifecycle_event). */
const FUZZ_RUNS_LONG = 150;
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.npm_lifecycle_event === 'fuzz' ? FUZZ_RUNS_LONG : FUZZ_RUNS_DEFAULT));
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/**
 * Tables a refused request may change, each with its reason. Anything not listed here must be byte-for-byte
 * the same after a 4xx. (Rate-limit counters are not tables: they live in memory or Redis.)
 */
const CHANGED_BY_REFUSALS: Record<string, string> = {
  // requestSigning.ts claims the nonce before the input is validated, so a refused request cannot be replayed either.
  // (With PGlite the nonces live in memory; with PostgreSQL and no Redis, in this table.)
  request_nonces: 'the nonce of a signed request is claimed before its input is validated',
};

interface RouteUnderFuzz {
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Full server path with `:params` and `*`. */
  path: string;
  schemas: RouteSchemas;
}

/** The test hooks answer only with their secret: the fuzz sends it, so it reaches their logic. */
const TEST_HOOKS_SECRET = 'fuzz-test-hooks-secret-0123456789';

const routes: RouteUnderFuzz[] = (
  [
    [API_PREFIX, apiRoutes],
    ['', rootRoutes],
    [TEST_HOOKS_PREFIX, testHookRoutes],
  ] as const
).flatMap(([prefix, table]) =>
  Object.entries(table as Record<string, RouteSchemas>).map(([key, schemas]) => {
    const { method, path } = splitRouteKey(key);
    return { key: `${method} ${prefix}${path}`, method, path: prefix + path, schemas };
  }),
);

/** Values that exist in the database, so a case can reach past "not found". */
interface Fixture {
  email: string;
  idToken: string;
  accountId: string;
  ownCampaign: string;
  publicCampaign: string;
  privateCampaign: string;
}
type FixtureName = 'ownCampaign' | 'publicCampaign' | 'privateCampaign' | 'email';

/** A path parameter: an existing value, one generated from the schema (encoded), or a hostile raw segment. */
type ParamValue = { from: 'fixture'; name: FixtureName } | { from: 'text'; raw: string };

interface FuzzCase {
  auth: 'anonymous' | 'account';
  signing: 'signed' | 'unsigned' | 'forged';
  params: Record<string, ParamValue>;
  query: string;
  body: string | undefined;
  headers: Record<string, string>;
}

const paramNames = (path: string) => [...path.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');

/** Query values as a browser would send them: arrays repeat the key, objects go as JSON. */
function queryText(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `?q=${encodeURIComponent(JSON.stringify(value))}`;
  const search = new URLSearchParams();
  for (const [key, field] of Object.entries(value)) {
    for (const item of Array.isArray(field) ? field : [field]) search.append(key, typeof item === 'string' ? item : JSON.stringify(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const hostileQuery = fc.constantFrom('?page=%ZZ', '?page=1&page=2', '?page[]=1', '?__proto__[x]=1', '?limit=-1&page=0', `?q=${'a'.repeat(9_000)}`, '?%00=%00', '?=');

function caseArbitrary(route: RouteUnderFuzz): fc.Arbitrary<FuzzCase> {
  const objectParams = route.schemas.params ? (route.schemas.params as unknown as { shape: Record<string, never> }).shape : {};
  const params = Object.fromEntries(
    paramNames(route.path).map((name) => {
      const schema = objectParams[name];
      const generated: fc.Arbitrary<ParamValue> = (schema ? zodArbitrary(schema) : fc.string({ minLength: 1, maxLength: 60 })).map((value) => ({
        from: 'text',
        raw: encodeURIComponent(String(value)),
      }));
      const existing = fc.constantFrom<FixtureName>('ownCampaign', 'publicCampaign', 'privateCampaign').map<ParamValue>((name) => ({ from: 'fixture', name }));
      const hostile = hostilePathSegment.map<ParamValue>((raw) => ({ from: 'text', raw }));
      return [name, fc.oneof({ weight: 3, arbitrary: existing }, { weight: 3, arbitrary: generated }, { weight: 2, arbitrary: hostile })];
    }),
  );
  const query = route.schemas.query
    ? fc.oneof({ weight: 4, arbitrary: fc.tuple(zodArbitrary(route.schemas.query), mutation).map(([value, m]) => queryText(applyMutation(value, m))) }, { weight: 1, arbitrary: hostileQuery })
    : fc.oneof({ weight: 5, arbitrary: fc.constant('') }, { weight: 1, arbitrary: hostileQuery });
  const bodySchema = route.schemas.body;
  const body: fc.Arbitrary<string | undefined> = bodySchema
    ? fc.oneof(
        { weight: 6, arbitrary: fc.tuple(zodArbitrary(bodySchema), mutation, fc.constantFrom<'array' | 'object'>('array', 'object')).map(([value, m, deep]) => bodyText(applyMutation(value, m), deep)) },
        { weight: 1, arbitrary: rawBody },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : route.method === 'GET'
      ? fc.constant(undefined)
      : fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: rawBody });
  return fc.record({
    auth: fc.constantFrom('anonymous', 'account'),
    signing: fc.oneof({ weight: 6, arbitrary: fc.constant('signed' as const) }, { weight: 1, arbitrary: fc.constantFrom('unsigned' as const, 'forged' as const) }),
    params: fc.record(params),
    query,
    body,
    headers: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: hostileHeaders }),
  });
}

const clip = (text: string | undefined, length = 300) => (text === undefined ? '(none)' : text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text);

describe.each(drivers)('API fuzz (%s)', (driver) => {
  let t: AccountTestApp;
  let tables: string[];
  let fixture: Fixture;
  let accountsMade = 0;
  let peers: SocialPeers;
  let distDir: string;

  async function makeAccount(): Promise<void> {
    accountsMade += 1;
    const email = `fuzz-owner-${accountsMade}@example.test`;
    const idToken = await registerVerified(t, { name: 'Fuzz Owner', email, password: 'fuzz-password-1' });
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.email, email));
    const ownCampaign = `fuzz-own-${accountsMade}`;
    await insertCampaign(t.database.db, row!.id, { uri: ownCampaign });
    fixture = { ...fixture, email, idToken, accountId: row!.id, ownCampaign };
  }

  /** A case may delete the account, log it out everywhere or delete a campaign: put back what later cases rely on. */
  async function repairFixture(): Promise<void> {
    const signedIn = await signedInject(t.app, { method: 'GET', url: `${API_PREFIX}/designs`, headers: bearer(fixture.idToken) });
    const owned = await t.database.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.uri, fixture.ownCampaign));
    if (signedIn.statusCode !== 200 || owned.length === 0) await makeAccount();
    for (const [uri, visibility] of [
      [fixture.publicCampaign, 'public'],
      [fixture.privateCampaign, 'private'],
    ] as const) {
      const found = await t.database.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.uri, uri));
      if (found.length === 0) await insertCampaign(t.database.db, (await insertCreator(t.database.db, `other${accountsMade}${visibility}${Date.now() % 1e6}`)).id, { uri, visibility });
    }
  }

  const snapshot = async (): Promise<StateSnapshot & { mails: number }> => ({ ...(await stateSnapshot(t.database.db, tables, t.dataDir, t.storage)), mails: t.smtp.mails.length });

  /** After a success, work the route left running (mail, cleanup after the answer) must land before the next "before". */
  async function settled(): Promise<StateSnapshot & { mails: number }> {
    let last = await snapshot();
    for (let quiet = 0; quiet < 3; ) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const next = await snapshot();
      quiet = JSON.stringify(next) === JSON.stringify(last) ? quiet + 1 : 0;
      last = next;
    }
    return last;
  }

  beforeAll(async () => {
    const redisUrl = driver === 'postgres' ? process.env.TEST_REDIS_URL : undefined;
    peers = await startSocialPeers();
    // A built client of one page, so page routes answer as in production rather than "client not built".
    distDir = await mkdtemp(join(tmpdir(), 'bingkai-fuzz-dist-'));
    await writeFile(join(distDir, 'index.html'), '<!doctype html><html><head><title>Bingkai</title></head><body><div id="root"></div></body></html>');
    t = await createAccountTestApp(driver, {
      testHooks: true,
      testHooksSecret: TEST_HOOKS_SECRET,
      distDir,
      // Social sign-in on, against local peers: unconfigured it answers 503 and the fuzz would not reach its code.
      ...socialPeerConfig(peers),
      // The fuzz is not about rate limits: with the defaults most cases would end in a 429 before reaching a route.
      rateLimitMax: 1_000_000,
      // Every case comes from one address: the per-client nonce share would end `npm run fuzz` in 429s.
      noncesPerClient: 1_000_000,
      ...(redisUrl ? { redisUrl, redisPrefix: `bingkai-fuzz:${Date.now()}:${Math.random().toString(36).slice(2)}:` } : {}),
    });
    tables = (await tableNames(t.database.db)).filter((table) => !(table in CHANGED_BY_REFUSALS));
    expect(tables).toContain('accounts');
    const other = await insertCreator(t.database.db, 'fuzzother');
    await insertCampaign(t.database.db, other.id, { uri: 'fuzz-public' });
    await insertCampaign(t.database.db, other.id, { uri: 'fuzz-private', visibility: 'private' });
    fixture = { email: '', idToken: '', accountId: '', ownCampaign: '', publicCampaign: 'fuzz-public', privateCampaign: 'fuzz-private' };
    await makeAccount();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peers?.close();
    if (distDir) await rm(distDir, { recursive: true, force: true });
  });

  it.each(routes.map((route) => [route.key, route] as const))('%s: never 5xx, and a refusal changes nothing', async (_key, route) => {
    let needsSettling = true;
    let before: StateSnapshot & { mails: number } = await settled();
    const details = await fc.check(
      fc.asyncProperty(caseArbitrary(route), async (c) => {
        if (needsSettling) {
          await repairFixture();
          before = await settled();
          needsSettling = false;
        }
        const path = route.path.replace(/:(\w+)|\*/g, (_match, name: string | undefined) => {
          const param = c.params[name ?? '*']!;
          return param.from === 'fixture' ? encodeURIComponent(fixture[param.name]) : param.raw;
        });
        const url = path + c.query;
        const headers: Record<string, string> = {
          ...(route.path.startsWith(TEST_HOOKS_PREFIX) ? { [TEST_HOOKS_SECRET_HEADER]: TEST_HOOKS_SECRET } : {}),
          ...(c.auth === 'account' ? bearer(fixture.idToken) : {}),
          ...c.headers,
        };
        const response =
          c.signing === 'signed'
            ? await signedInject(t.app, { method: route.method, url, body: c.body, headers })
            : await t.app.inject({
                method: route.method,
                url,
                headers: {
                  ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}),
                  ...(c.signing === 'forged' ? { 'x-fingerprint': 'fuzz', 'x-request-token': 'forged.token' } : {}),
                  ...headers,
                },
                ...(c.body !== undefined ? { payload: c.body } : {}),
              });
        const described = `${route.method} ${clip(url, 200)} (${c.auth}, ${c.signing}, headers ${clip(JSON.stringify(c.headers), 120)})\nbody: ${clip(c.body)}\n→ ${response.statusCode} ${clip(response.body, 500)}`;
        expect(response.statusCode, `5xx for ${described}`).toBeLessThan(500);
        if (response.statusCode >= 400) {
          const after = await snapshot();
          expect(after, `a refused request changed state: ${described}`).toEqual(before);
        } else {
          needsSettling = true;
        }
      }),
      { numRuns: RUNS, seed: SEED, path: process.env.FUZZ_PATH, endOnFailure: true },
    );
    // Our own report, not fc.assert's: its counterexample would print megabytes of hostile body.
    if (details.failed) {
      const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      throw new Error(`${cause}\nreplay: FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath ?? ''}`);
    }
  }, Math.max(60_000, RUNS * 5_000));
});

describe('the fuzz state snapshot', () => {
  it('sees a changed row, a new row, a new file and a new stored object, so a refusal that writes cannot pass', async () => {
    const t = await createTestApp('pglite');
    try {
      const tables = await tableNames(t.database.db);
      const before = await stateSnapshot(t.database.db, tables, t.dataDir, t.storage);
      const creator = await insertCreator(t.database.db, 'snapshotted');
      const afterInsert = await stateSnapshot(t.database.db, tables, t.dataDir, t.storage);
      expect(afterInsert.tables.accounts).not.toBe(before.tables.accounts);
      await t.database.db.update(accounts).set({ name: 'changed' }).where(eq(accounts.id, creator.id));
      const afterUpdate = await stateSnapshot(t.database.db, tables, t.dataDir, t.storage);
      expect(afterUpdate.tables.accounts).not.toBe(afterInsert.tables.accounts);
      expect(afterUpdate.tables.accounts!.split(':')[0]).toBe('1');
      await writeFile(join(t.dataDir, 'stray.bin'), 'x');
      const afterFile = await stateSnapshot(t.database.db, tables, t.dataDir, t.storage);
      expect(afterFile.files).not.toEqual(afterUpdate.files);
      // A stored object too, wherever the storage keeps it (with TEST_STORAGE=s3, in the bucket).
      await t.storage.put('stray/object.json', new TextEncoder().encode('{}'), { contentType: 'application/json' });
      expect((await stateSnapshot(t.database.db, tables, t.dataDir, t.storage)).objects).not.toEqual(afterFile.objects);
    } finally {
      await t.close();
    }
  });
});
