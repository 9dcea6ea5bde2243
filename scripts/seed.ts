import { pathToFileURL } from 'node:url';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import type { FrameHole } from '../contract/campaign.ts';
import { loadConfig, resolveSigningSecret } from '../server/config.ts';
import { openDatabase, type Database } from '../server/infra/db/database.ts';
import { accounts, campaignFrames, campaigns } from '../server/infra/db/schema.ts';
import { createStorage } from '../server/infra/storage/createStorage.ts';
import type { FileStorage } from '../server/infra/storage/storage.ts';
import { renderCampaignPreviews } from '../server/domain/campaignImages.ts';
import { checkFrameImage } from '../server/domain/frameImage.ts';
import { UrlSigner } from '../server/infra/storage/urlSigning.ts';
import { demoDesigns, FRAME_SIZE, frameSvg, placeholderPhotoSvg, type FrameDesign } from './seedDesigns.ts';
import { seedDemoSupports } from './seedSupports.ts';
import { refreshLeaderboard } from '../server/domain/leaderboard.ts';

interface DemoCampaign {
  uri: string;
  title: string;
  description: string;
  caption: string;
  category: string;
  tags: string[];
  supportersCount: number;
  design: FrameDesign;
}

const demoCampaigns: DemoCampaign[] = [
  {
    uri: 'merdeka-80',
    title: 'Dirgahayu Republik Indonesia ke-80',
    description: 'Rayakan Hari Kemerdekaan dengan bingkai merah putih. Pasang fotomu dan bagikan semangat kemerdekaan!',
    caption: 'Saya [[nama]] dari [[kota]] merayakan HUT RI ke-80! Merdeka! #Merdeka80 #Bingkai',
    category: 'national-day',
    tags: ['merdeka', '17agustus', 'indonesia'],
    supportersCount: 1280,
    design: demoDesigns.independence,
  },
  {
    uri: 'wisuda-2026',
    title: 'Wisuda Angkatan 2026',
    description: 'Bingkai resmi untuk merayakan kelulusan angkatan 2026. Abadikan momen wisudamu!',
    caption: 'Alhamdulillah, [[nama]] resmi lulus dari [[kampus]]! Terima kasih untuk semua yang mendukung. #Wisuda2026',
    category: 'education',
    tags: ['wisuda', 'graduation', '2026'],
    supportersCount: 642,
    design: demoDesigns.graduation,
  },
  {
    uri: 'garuda-fc-juara',
    title: 'Dukung Garuda FC Musim 2026',
    description: 'Tunjukkan dukunganmu untuk Garuda FC sepanjang musim. Satu tim, satu semangat!',
    caption: 'Saya [[nama]] siap mendukung Garuda FC musim ini! Ayo juara! #GarudaFC',
    category: 'sports',
    tags: ['sepakbola', 'garudafc', 'suporter'],
    supportersCount: 315,
    design: demoDesigns.sportsClub,
  },
  {
    uri: 'lari-amal-jakarta',
    title: 'Lari Amal Jakarta 10K',
    description: 'Ikut berlari untuk pendidikan anak-anak Indonesia. Pasang bingkai ini dan ajak temanmu ikut serta.',
    caption: 'Saya [[nama]] ikut Lari Amal Jakarta 10K! Yuk dukung pendidikan anak Indonesia. #LariAmal',
    category: 'charity',
    tags: ['lari', 'amal', 'jakarta', '10k'],
    supportersCount: 97,
    design: demoDesigns.charityRun,
  },
];

/** Bounding box of the transparent pixels (alpha < 128): the photo hole of a single-hole frame. */
export async function transparentBoundingBox(png: Buffer): Promise<FrameHole | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let minX = info.width;
  let minY = info.height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[(y * info.width + x) * info.channels + 3]! < 128) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  return maxX < 0 ? null : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

interface SeedImages {
  frame: Buffer;
  thumbnail: Buffer;
  ogImage: Buffer;
  ogSquare: Buffer;
  frameDisplay: Buffer;
  holes: FrameHole[];
  transparentShare: number;
}

/** The frame; a thumbnail with the stand-in photo through its hole; link previews as a creator's upload gets them. */
async function renderCampaignImages({ design, title }: DemoCampaign): Promise<SeedImages> {
  const frame = await sharp(Buffer.from(frameSvg(design))).png({ compressionLevel: 9 }).toBuffer();
  const hole = await transparentBoundingBox(frame);
  const { transparentShare } = await checkFrameImage(frame, 'frame');
  const composed = await sharp(Buffer.from(placeholderPhotoSvg())).composite([{ input: frame }]).png().toBuffer();
  const thumbnail = await sharp(composed).resize(540, 540).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  const holes = hole ? [hole] : [];
  const { ogImage, ogSquare, frameDisplay } = await renderCampaignPreviews({ frame, holes, type: 'frame', title });
  return { frame, thumbnail, ogImage, ogSquare, frameDisplay, holes, transparentShare };
}

export async function hasCampaigns(database: Database): Promise<boolean> {
  const [row] = await database.db.select({ total: count() }).from(campaigns);
  return (row?.total ?? 0) > 0;
}

/** Demo creator `bingkai` and four public campaigns with generated frames and thumbnails. */
export async function seedDemoData(database: Database, storage: FileStorage, now: Date = new Date()): Promise<void> {
  const images = await Promise.all(demoCampaigns.map(renderCampaignImages));
  for (const [index, campaign] of demoCampaigns.entries()) {
    const { frame, thumbnail, ogImage, ogSquare, frameDisplay } = images[index]!;
    await storage.put(`public/campaigns/${campaign.uri}/frame-0.png`, frame, { contentType: 'image/png' });
    await storage.put(`public/campaigns/${campaign.uri}/thumbnail.jpg`, thumbnail, { contentType: 'image/jpeg' });
    await storage.put(`public/campaigns/${campaign.uri}/og.jpg`, ogImage, { contentType: 'image/jpeg' });
    await storage.put(`public/campaigns/${campaign.uri}/og-square.jpg`, ogSquare, { contentType: 'image/jpeg' });
    await storage.put(`public/campaigns/${campaign.uri}/frame-display.webp`, frameDisplay, { contentType: 'image/webp' });
  }
  await database.db.transaction(async (tx) => {
    const [creator] = await tx
      .insert(accounts)
      .values({ username: 'bingkai', name: 'Bingkai', email: 'demo@bingkai.invalid' })
      .onConflictDoUpdate({ target: accounts.username, set: { name: 'Bingkai' } })
      .returning({ id: accounts.id });
    for (const [index, campaign] of demoCampaigns.entries()) {
      // Newest first in lists follows the order above.
      const createdAt = new Date(now.getTime() - index * 3_600_000);
      const [row] = await tx
        .insert(campaigns)
        .values({
          uri: campaign.uri,
          type: 'frame',
          title: campaign.title,
          description: campaign.description,
          caption: campaign.caption,
          category: campaign.category,
          tags: campaign.tags,
          visibility: 'public',
          creatorId: creator!.id,
          supportersCount: campaign.supportersCount,
          thumbnailKey: `public/campaigns/${campaign.uri}/thumbnail.jpg`,
          ogImageKey: `public/campaigns/${campaign.uri}/og.jpg`,
          ogSquareKey: `public/campaigns/${campaign.uri}/og-square.jpg`,
          frameDisplayKey: `public/campaigns/${campaign.uri}/frame-display.webp`,
          // The demo campaigns are in Indonesian: search stems their words so (migration 0008).
          language: 'id',
          createdAt,
          updatedAt: createdAt,
        })
        .onConflictDoNothing({ target: campaigns.uri })
        .returning({ id: campaigns.id });
      if (!row) continue;
      await tx.insert(campaignFrames).values({
        campaignId: row.id,
        position: 0,
        storageKey: `public/campaigns/${campaign.uri}/frame-0.png`,
        width: FRAME_SIZE,
        height: FRAME_SIZE,
        holes: images[index]!.holes,
        transparentShare: images[index]!.transparentShare,
      });
    }
  });
  // Supports at different dates and countries, and the leaderboard computed from them at once.
  await seedDemoSupports(database, now);
  await refreshLeaderboard(database.db, now);
}

/** Seeds only a database without campaigns; true when it seeded. */
export async function seedIfEmpty(database: Database, storage: FileStorage): Promise<boolean> {
  if (await hasCampaigns(database)) return false;
  await seedDemoData(database, storage);
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const storage = createStorage(config, new UrlSigner(await resolveSigningSecret(config)));
    console.info((await seedIfEmpty(database, storage)) ? 'Seeded demo campaigns.' : 'Database already has campaigns; nothing seeded.');
  } finally {
    await database.close();
  }
}
