import type { ShareChannel } from '../../contract/campaignAnalytics.ts';
import type { Db } from '../infra/db/database.ts';
import { campaignShares } from '../infra/db/schema.ts';
import { fingerprintHash } from '../infra/fingerprintHash.ts';
import type { HitCounter } from '../infra/hitCounter.ts';

/** A device's share of a campaign through one channel is recorded once per this window. */
export const SHARE_WINDOW_MS = 60 * 60_000;
/** Shares recorded from one IP for one campaign in SHARE_WINDOW_MS, every device and channel together. */
export const SHARES_PER_IP = 60;

/**
 * Shares for the creator's analytics: one per channel, device (fingerprint) and campaign per hour, and at most
 * SHARES_PER_IP an hour from one address for one campaign, so a script cannot inflate them. Like visits, a share
 * that is not recorded is no error (the caller answers 204 either way). The fingerprint is stored as a keyed hash.
 */
export class CampaignShareService {
  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    private readonly hits: HitCounter,
  ) {}

  /** True when recorded. */
  async share(campaignId: string, channel: ShareChannel, rawFingerprint: string, ip: string): Promise<boolean> {
    const fingerprint = fingerprintHash(this.secret, 'share', rawFingerprint);
    const device = await this.hits.hit(`share:device:${campaignId}:${channel}:${fingerprint}`, SHARE_WINDOW_MS);
    if (device.count > 1) return false;
    const address = await this.hits.hit(`share:ip:${campaignId}:${fingerprintHash(this.secret, 'count-ip', ip)}`, SHARE_WINDOW_MS);
    if (address.count > SHARES_PER_IP) return false;
    await this.db.insert(campaignShares).values({ campaignId, channel, fingerprint });
    return true;
  }
}
