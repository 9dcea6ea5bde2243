-- Frame holes are now found by the editor core's rules (core/frame/findFrameHoles.ts) at upload and
-- stored with the frame. Holes stored before were found by the server's older rule (downscaled mask,
-- no border rule for shaped frames) and may point the photo at a badge's transparent corners: they are
-- dropped, and the supporter's browser analyses such a frame (a frame without stored holes) as before.
UPDATE "campaign_frames" SET "holes" = '[]'::jsonb;
