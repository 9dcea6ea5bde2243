// Zod-free, so the campaign page can send it without loading the schema library.
/** Header that carries a private campaign's access code. */
export const CAMPAIGN_ACCESS_HEADER = 'x-campaign-access';
