/**
 * For the benchmark (bench/realPage.ts): a fresh database with the demo data and one public background campaign,
 * `bench-latar`, whose design is tests/fixtures/generated/background-design.png — the demo data has frames only, and
 * the blurred background (segmentation) is a background campaign's choice. Run before `npm start` on the same
 * DATA_DIR (PGlite has one process at a time); the server then finds campaigns and seeds nothing more.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { loadConfig, resolveSigningSecret } from '../server/config.ts';
import { checkFrameImage } from '../server/domain/frameImage.ts';
import { openDatabase } from '../server/infra/db/database.ts';
import { accounts, campaignFrames, campaigns } from '../server/infra/db/schema.ts';
import { createStorage } from '../server/infra/storage/createStorage.ts';
import { UrlSigner } from '../server/infra/storage/urlSigning.ts';
import { seedIfEmpty } from './seed.ts';

/** bench/realPage.ts opens this campaign by name. */
const BENCH_BACKGROUND_CAMPAIGN = 'bench-latar';

const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  const storage = createStorage(config, new UrlSigner(await resolveSigningSecret(config)));
  await seedIfEmpty(database, storage);
  const design = await readFile(resolve(import.meta.dirname, '../tests/fixtures/generated/background-design.png'));
  const checked = await checkFrameImage(design, 'background');
  const folder = `public/campaigns/${BENCH_BACKGROUND_CAMPAIGN}`;
  await storage.put(`${folder}/frame-0.png`, design, { contentType: 'image/png' });
  await storage.put(`${folder}/thumbnail.jpg`, await sharp(design).resize(540, 540).jpeg().toBuffer(), { contentType: 'image/jpeg' });
  await database.db.transaction(async (tx) => {
    const [creator] = await tx.select({ id: accounts.id }).from(accounts).limit(1);
    const [row] = await tx
      .insert(campaigns)
      .values({ uri: BENCH_BACKGROUND_CAMPAIGN, type: 'background', title: 'Bench Latar', visibility: 'public', creatorId: creator!.id, thumbnailKey: `${folder}/thumbnail.jpg` })
      .onConflictDoNothing({ target: campaigns.uri })
      .returning({ id: campaigns.id });
    if (!row) return;
    await tx.insert(campaignFrames).values({
      campaignId: row.id,
      position: 0,
      storageKey: `${folder}/frame-0.png`,
      width: checked.width,
      height: checked.height,
      holes: checked.holes,
      transparentShare: checked.transparentShare,
    });
  });
  console.info(`Seeded the demo data and ${BENCH_BACKGROUND_CAMPAIGN}.`);
} finally {
  await database.close();
}
