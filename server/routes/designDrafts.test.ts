import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_LIMITS, type DesignDocument } from '../../contract/design.ts';
import { DESIGN_DRAFTS_MAX, designDraftListResponse, designDraftResponse, designDraftSaveResponse } from '../../contract/designDraft.ts';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { accounts, designDrafts } from '../infra/db/schema.ts';
import { issueIdToken } from '../domain/accounts.ts';
import { createTokenService } from '../infra/tokens.ts';
import { LocalFileStorage } from '../infra/storage/localStorage.ts';
import { UrlSigner } from '../infra/storage/urlSigning.ts';
import { insertCreator } from '../testing/fixtures.ts';
import { createTestApp, drivers, signedInject, TEST_SECRET, type SignedRequest, type TestApp } from '../testing/testApp.ts';
import { DESIGN_SAVES_PER_ACCOUNT } from './designDrafts.ts';

interface TestAccount {
  id: string;
  token: string;
}

const base = { rotation: 0, opacity: 1, locked: false, hidden: false, hole: false };

function designDoc(id: string, overrides: Partial<DesignDocument> = {}): DesignDocument {
  return {
    schemaVersion: 2,
    id,
    name: `Design ${id}`,
    kind: 'frame',
    width: 1080,
    height: 1080,
    background: { kind: 'solid', color: '#ffffff' },
    elements: [
      { ...base, id: 'ring', name: 'Ring', type: 'ellipse', x: 0, y: 0, width: 1080, height: 1080, fill: { kind: 'solid', color: '#2563eb' }, stroke: null },
      { ...base, id: 'hole', name: 'Hole', type: 'ellipse', x: 140, y: 140, width: 800, height: 800, fill: { kind: 'solid', color: '#000000' }, stroke: null, hole: true },
    ],
    assets: {},
    templateId: null,
    updatedAt: '2026-11-26T08:00:00.000Z',
    ...overrides,
  };
}

/** A real image of the given format and size, base64 like the designer embeds it. */
async function imageData(format: 'png' | 'jpeg' | 'webp', width: number, height: number): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .toFormat(format)
    .toBuffer();
  return bytes.toString('base64');
}

const withLogo = (id: string, asset: { mime: 'image/png' | 'image/jpeg' | 'image/webp'; width: number; height: number; data: string }) =>
  designDoc(id, {
    elements: [...designDoc(id).elements, { ...base, id: 'logo', name: 'Logo', type: 'image', x: 10, y: 10, width: 200, height: 100, assetId: 'logo1' }],
    assets: { logo1: asset },
  });

describe.each(drivers)('design draft routes (%s)', (driver) => {
  let t: TestApp;
  let ana: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(driver);
    ana = await account('ana');
    bob = await account('bob');
  });
  afterAll(() => t.close());

  async function account(username: string): Promise<TestAccount> {
    const tokens = await createTokenService(t.config);
    const storage = new LocalFileStorage({ root: t.dataDir, signer: new UrlSigner(new TextEncoder().encode(TEST_SECRET)), maxObjectBytes: 1, publicUrl: '' });
    const row = await insertCreator(t.database.db, username);
    return { id: row.id, token: await issueIdToken({ database: t.database, storage, tokens }, row) };
  }

  const call = (who: TestAccount | null, request: SignedRequest) =>
    signedInject(t.app, { ...request, headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...request.headers } });
  const put = (who: TestAccount | null, id: string, body: unknown) => call(who, { method: 'PUT', url: `/api/v2/designs/${id}`, body });
  const get = (who: TestAccount | null, url: string) => call(who, { method: 'GET', url });
  const envelope = (response: { json(): unknown }) => errorEnvelope.parse(response.json());
  const rowsOf = (who: TestAccount) => t.database.db.select().from(designDrafts).where(eq(designDrafts.accountId, who.id)).orderBy(designDrafts.id);

  async function saveOk(who: TestAccount, document: DesignDocument, baseUpdatedAt?: string) {
    const response = await put(who, document.id, { document, ...(baseUpdatedAt ? { baseUpdatedAt } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    return designDraftSaveResponse.parse(response.json()).data;
  }

  /** Sends the request and checks that it is refused with this status and code and that no draft of `who` changed. */
  async function expectRefused(who: TestAccount, send: () => Promise<{ statusCode: number; json(): unknown; body: string }>, status: number, code: string) {
    const before = await rowsOf(who);
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
    const failure = envelope(response);
    expect(failure.code).toBe(code);
    expect(await rowsOf(who)).toEqual(before);
    return failure;
  }

  it('needs a signed-in account for every route', async () => {
    for (const request of [
      { method: 'GET', url: '/api/v2/designs' },
      { method: 'GET', url: '/api/v2/designs/a1' },
      { method: 'PUT', url: '/api/v2/designs/a1', body: { document: designDoc('a1') } },
      { method: 'DELETE', url: '/api/v2/designs/a1' },
    ] as const) {
      const response = await call(null, request);
      expect(response.statusCode, request.method).toBe(401);
      expect(envelope(response).code).toBe('UNAUTHORIZED');
    }
  });

  it('saves, reads back, lists newest first and replaces a draft', async () => {
    const first = await saveOk(ana, designDoc('first', { name: 'First', kind: 'background', width: 1080, height: 1350 }));
    expect(first).toMatchObject({ id: 'first', name: 'First', kind: 'background', width: 1080, height: 1350 });
    const second = await saveOk(ana, designDoc('second'));
    expect(Date.parse(second.updatedAt)).toBeGreaterThan(Date.parse(first.updatedAt));

    const read = await get(ana, '/api/v2/designs/first');
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    const { data } = designDraftResponse.parse(read.json());
    expect(data.document).toEqual(designDoc('first', { name: 'First', kind: 'background', width: 1080, height: 1350 }));
    expect(data.updatedAt).toBe(first.updatedAt);

    let list = designDraftListResponse.parse((await get(ana, '/api/v2/designs')).json()).data.items;
    expect(list.map((item) => item.id)).toEqual(['second', 'first']);
    expect(list[1]).toEqual(first);

    const renamed = await saveOk(ana, designDoc('first', { name: 'Renamed' }), first.updatedAt);
    expect(renamed.name).toBe('Renamed');
    list = designDraftListResponse.parse((await get(ana, '/api/v2/designs')).json()).data.items;
    expect(list.map((item) => `${item.id}:${item.name}`)).toEqual(['first:Renamed', 'second:Design second']);
    expect(await rowsOf(ana)).toHaveLength(2);
  });

  it('migrates a version 1 document before checking and storing it', async () => {
    const v1 = {
      ...designDoc('old'),
      schemaVersion: 1,
      elements: [
        { id: 'h', name: 'Hole', type: 'hole', shape: 'star', x: 10, y: 10, width: 300, height: 300, rotation: 0, opacity: 1, locked: false, hidden: false },
        { id: 't', name: 'Text', type: 'text', x: 0, y: 0, width: 400, rotation: 0, opacity: 1, locked: false, hidden: false, text: 'Hi', fontFamily: 'inter', fontSize: 40, fontStyle: 'bold italic', underline: false, align: 'left', letterSpacing: 0, fill: { kind: 'solid', color: '#111111' }, stroke: null },
      ],
    };
    await saveOk(ana, v1 as unknown as DesignDocument);
    const { data } = designDraftResponse.parse((await get(ana, '/api/v2/designs/old')).json());
    expect(data.document.schemaVersion).toBe(2);
    expect(data.document.elements[0]).toMatchObject({ type: 'star', hole: true, points: 5 });
    expect(data.document.elements[1]).toMatchObject({ type: 'text', fontWeight: 700, italic: true, lineHeight: 1.2, hole: false });
  });

  it('refuses documents that do not pass the checks, changing nothing', async () => {
    await saveOk(ana, designDoc('keep'));
    const cases: Array<[string, unknown, number, string, RegExp | string]> = [
      ['id differs from the address', { document: designDoc('other') }, 400, 'VALIDATION_FAILED', 'document.id'],
      ['too small', { document: designDoc('keep', { width: 100 }) }, 400, 'VALIDATION_FAILED', 'document.width'],
      ['unknown field', { document: { ...designDoc('keep'), extra: 1 } }, 400, 'VALIDATION_FAILED', 'document'],
      ['bad colour', { document: designDoc('keep', { background: { kind: 'solid', color: 'red' } }) }, 400, 'VALIDATION_FAILED', 'document.background.color'],
      ['no document', {}, 400, 'VALIDATION_FAILED', ''],
      ['extra body field', { document: designDoc('keep'), force: true }, 400, 'VALIDATION_FAILED', ''],
      ['bad base time', { document: designDoc('keep'), baseUpdatedAt: 'yesterday' }, 400, 'VALIDATION_FAILED', 'baseUpdatedAt'],
      ['newer schema', { document: { ...designDoc('keep'), schemaVersion: 99 } }, 400, 'DESIGN_INVALID', /newer version/],
      ['no schema version', { document: { ...designDoc('keep'), schemaVersion: undefined } }, 400, 'DESIGN_INVALID', /schema version/],
      ['not an object', { document: [1, 2] }, 400, 'DESIGN_INVALID', /JSON object/],
      [
        'duplicate element ids',
        { document: designDoc('keep', { elements: [designDoc('x').elements[0]!, { ...designDoc('x').elements[0]!, name: 'Twin' }] }) },
        400,
        'DESIGN_INVALID',
        /share one id/,
      ],
      [
        'missing image',
        { document: designDoc('keep', { elements: [{ ...base, id: 'img', name: 'Img', type: 'image', x: 0, y: 0, width: 10, height: 10, assetId: 'nope' }] }) },
        400,
        'DESIGN_INVALID',
        /not in the design/,
      ],
    ];
    for (const [label, body, status, code, detail] of cases) {
      const failure = await expectRefused(ana, () => put(ana, 'keep', body), status, code);
      if (typeof detail === 'string') {
        if (detail) expect(Object.keys(failure.fields ?? {}), label).toContain(detail);
      } else expect(failure.message, label).toMatch(detail);
    }
    await expectRefused(ana, () => call(ana, { method: 'PUT', url: '/api/v2/designs/keep', body: '{"document": ' }), 400, 'MALFORMED_JSON');
    await expectRefused(ana, () => put(ana, 'bad%20id!', { document: designDoc('bad id!') }), 400, 'VALIDATION_FAILED');
  });

  it('checks every embedded image by its decoded content', async () => {
    const png = await imageData('png', 400, 200);
    const jpeg = await imageData('jpeg', 64, 32);
    const webp = await imageData('webp', 50, 60);
    await saveOk(ana, withLogo('imgs', { mime: 'image/png', width: 400, height: 200, data: png }));
    await saveOk(ana, withLogo('imgs', { mime: 'image/jpeg', width: 64, height: 32, data: jpeg }));
    await saveOk(ana, withLogo('imgs', { mime: 'image/webp', width: 50, height: 60, data: webp }));

    const truncated = Buffer.from(png, 'base64').subarray(0, 80).toString('base64');
    const cases: Array<[string, { mime: 'image/png' | 'image/jpeg' | 'image/webp'; width: number; height: number; data: string }, RegExp]> = [
      ['jpeg labelled png', { mime: 'image/png', width: 64, height: 32, data: jpeg }, /image\/jpeg, not image\/png/],
      ['wrong size', { mime: 'image/png', width: 200, height: 400, data: png }, /400×200 pixels, not 200×400/],
      ['not base64', { mime: 'image/png', width: 400, height: 200, data: `${png.slice(0, 40)}!!${png.slice(42)}` }, /not base64/],
      ['data: url', { mime: 'image/png', width: 400, height: 200, data: `data:image/png;base64,${png}` }, /not base64/],
      ['not an image', { mime: 'image/webp', width: 10, height: 10, data: Buffer.from('hello world, not pixels').toString('base64') }, /not an image/],
      ['truncated', { mime: 'image/png', width: 400, height: 200, data: truncated }, /could not be decoded/],
    ];
    for (const [label, asset, message] of cases) {
      const failure = await expectRefused(ana, () => put(ana, 'imgs', { document: withLogo('imgs', asset) }), 400, 'DESIGN_INVALID');
      expect(failure.message, label).toMatch(message);
      expect(failure.fields, label).toHaveProperty(['document.assets.logo1']);
    }
    const { data } = designDraftResponse.parse((await get(ana, '/api/v2/designs/imgs')).json());
    expect(data.document.assets.logo1?.data).toBe(webp);
  });

  it('does not decode images again that are stored unchanged in the same draft', async () => {
    const png = await imageData('png', 40, 20);
    await saveOk(ana, withLogo('same', { mime: 'image/png', width: 40, height: 20, data: png }));
    // Stands in for an image the server already checked: only a stored, identical copy can skip the check.
    const unchecked = { mime: 'image/png' as const, width: 40, height: 20, data: 'AAAA' };
    await t.database.db
      .update(designDrafts)
      .set({ document: withLogo('same', unchecked) })
      .where(eq(designDrafts.id, 'same'));
    await saveOk(ana, withLogo('same', unchecked));
    await expectRefused(ana, () => put(ana, 'other', { document: withLogo('other', unchecked) }), 400, 'DESIGN_INVALID');
    await expectRefused(bob, () => put(bob, 'same', { document: withLogo('same', unchecked) }), 400, 'DESIGN_INVALID');
  });

  it('accepts bodies over the general 1 MB limit, and answers 413 over the document limit, changing nothing', async () => {
    // Random pixels do not compress: about 1.5 MB of PNG, 2 MB of base64.
    const noise = await sharp(randomBytes(700 * 700 * 3), { raw: { width: 700, height: 700, channels: 3 } }).png().toBuffer();
    expect(noise.byteLength).toBeGreaterThan(1024 * 1024);
    await saveOk(ana, withLogo('big', { mime: 'image/png', width: 700, height: 700, data: noise.toString('base64') }));
    const huge = designDoc('keep', { name: 'x'.repeat(DESIGN_LIMITS.maxDocumentBytes + 2048) });
    await expectRefused(ana, () => put(ana, 'keep', { document: huge }), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses a save based on an older server copy with DESIGN_CONFLICT', async () => {
    const v1 = await saveOk(ana, designDoc('shared', { name: 'v1' }));
    const v2 = await saveOk(ana, designDoc('shared', { name: 'on the laptop' }), v1.updatedAt);
    const failure = await expectRefused(ana, () => put(ana, 'shared', { document: designDoc('shared', { name: 'on the phone' }), baseUpdatedAt: v1.updatedAt }), 409, 'DESIGN_CONFLICT');
    expect(failure.fields?.updatedAt).toBe(v2.updatedAt);
    // The client chose to keep its copy: saving without a base (or with the server's time) wins.
    expect((await saveOk(ana, designDoc('shared', { name: 'on the phone' }), v2.updatedAt)).name).toBe('on the phone');
    expect((await saveOk(ana, designDoc('shared', { name: 'forced' }))).name).toBe('forced');
    // A base for a draft that the server does not have yet is no conflict.
    await saveOk(ana, designDoc('brand-new'), v1.updatedAt);
  });

  it("keeps each account's drafts apart: another account's draft is 404", async () => {
    await saveOk(ana, designDoc('mine', { name: "Ana's" }));
    const anaRows = await rowsOf(ana);
    for (const request of [
      { method: 'GET', url: '/api/v2/designs/mine' },
      { method: 'DELETE', url: '/api/v2/designs/mine' },
    ] as const) {
      const response = await call(bob, request);
      expect(response.statusCode, request.method).toBe(404);
      expect(envelope(response).code).toBe('NOT_FOUND');
    }
    expect(designDraftListResponse.parse((await get(bob, '/api/v2/designs')).json()).data.items).toEqual([]);
    // The same document id saved by Bob is Bob's own draft.
    await saveOk(bob, designDoc('mine', { name: "Bob's" }));
    expect(await rowsOf(ana)).toEqual(anaRows);
    expect(designDraftResponse.parse((await get(bob, '/api/v2/designs/mine')).json()).data.document.name).toBe("Bob's");
  });

  it('deletes a draft, then answers 404', async () => {
    await saveOk(ana, designDoc('gone'));
    const deleted = await call(ana, { method: 'DELETE', url: '/api/v2/designs/gone' });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await get(ana, '/api/v2/designs/gone')).statusCode).toBe(404);
    expect((await call(ana, { method: 'DELETE', url: '/api/v2/designs/gone' })).statusCode).toBe(404);
    expect(designDraftListResponse.parse((await get(ana, '/api/v2/designs')).json()).data.items.map((item) => item.id)).not.toContain('gone');
  });

  it(`keeps at most ${DESIGN_DRAFTS_MAX} drafts an account, still updating existing ones`, async () => {
    const carla = await account('carla');
    const now = Date.now();
    await t.database.db.insert(designDrafts).values(
      Array.from({ length: DESIGN_DRAFTS_MAX }, (_, i) => {
        const document = designDoc(`d${i}`);
        return { accountId: carla.id, id: document.id, name: document.name, kind: document.kind, width: document.width, height: document.height, document, updatedAt: new Date(now - i * 1000) };
      }),
    );
    const failure = await expectRefused(carla, () => put(carla, 'one-more', { document: designDoc('one-more') }), 409, 'DESIGN_DRAFTS_FULL');
    expect(failure.message).toMatch(/at most 50 designs/);
    expect((await saveOk(carla, designDoc('d7', { name: 'edited' }))).name).toBe('edited');
    expect(designDraftListResponse.parse((await get(carla, '/api/v2/designs')).json()).data.items[0]?.id).toBe('d7');
    expect((await call(carla, { method: 'DELETE', url: '/api/v2/designs/d0' })).statusCode).toBe(204);
    await saveOk(carla, designDoc('one-more'));
  });

  it('limits saves per account', async () => {
    const dana = await account('dana');
    for (let i = 0; i < DESIGN_SAVES_PER_ACCOUNT; i++) await saveOk(dana, designDoc('busy', { name: `v${i}` }));
    await expectRefused(dana, () => put(dana, 'busy', { document: designDoc('busy', { name: 'too many' }) }), 429, 'RATE_LIMITED');
    // Other accounts are not affected.
    await saveOk(ana, designDoc('calm'));
  });

  it("goes with the account when it is deleted", async () => {
    const eve = await account('eve');
    await saveOk(eve, designDoc('e1'));
    await t.database.db.delete(accounts).where(eq(accounts.id, eve.id));
    expect(await rowsOf(eve)).toEqual([]);
  });
});
