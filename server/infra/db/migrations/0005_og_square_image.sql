-- The square (600×600) link-preview image, written with the 1200×630 one (og_image_key) whenever the previews
-- are rendered. Campaigns from before keep only the wide image until their first frame or title changes.
ALTER TABLE "campaigns" ADD COLUMN "og_square_key" text;
