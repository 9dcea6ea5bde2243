import { createHmac, timingSafeEqual } from 'node:crypto';
import type { unsubscribeTypes } from '../../contract/accountProfile.ts';

export type UnsubscribeType = (typeof unsubscribeTypes)[number];

/**
 * Signs unsubscribe links so only the mail's recipient can use them: HMAC of (email, type) with a key
 * derived from the server secret for this purpose. Links do not expire, like every list-unsubscribe link.
 */
export class UnsubscribeSigner {
  private readonly key: Buffer;

  constructor(serverSecret: Uint8Array) {
    this.key = createHmac('sha256', serverSecret).update('unsubscribe:v1').digest();
  }

  token(email: string, type: UnsubscribeType): string {
    return createHmac('sha256', this.key).update(`${email.trim().toLowerCase()}\n${type}`).digest('base64url');
  }

  verify(email: string, type: UnsubscribeType, token: string): boolean {
    const expected = Buffer.from(this.token(email, type));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** The site link a mail carries; the /unsubscribe page posts its query to POST /account/preference/unsubscribe. */
  link(publicUrl: string, email: string, type: UnsubscribeType): string {
    return `${publicUrl}/unsubscribe?${new URLSearchParams({ email: email.trim().toLowerCase(), type, token: this.token(email, type) })}`;
  }
}
