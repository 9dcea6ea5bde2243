import { z } from 'zod';

/** GET /api/v2/notice (signed): site-wide notices the client shows at start-up. */
export { NOTICE_PATH } from './readNotice.ts';

export const noticeResponse = z.object({
  data: z.object({
    /** True while a service users rely on is down (mail, so codes and reset links do not arrive; or the database, so nothing loads or saves): show the banner. */
    maintenance: z.boolean(),
  }),
});
export type NoticeResponse = z.infer<typeof noticeResponse>;
