import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC signatures for /files URLs, with a key derived from the server secret for this purpose only. */
export class UrlSigner {
  private readonly key: Buffer;

  constructor(serverSecret: Uint8Array) {
    this.key = createHmac('sha256', serverSecret).update('files-url:v1').digest();
  }

  sign(message: string): string {
    return createHmac('sha256', this.key).update(message).digest('base64url');
  }

  verify(message: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(message));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** Query string (`exp`, `sig`) for a time-limited read of `key`. */
  readQuery(key: string, expiresAtSeconds: number): string {
    return `exp=${expiresAtSeconds}&sig=${this.sign(`read:${key}:${expiresAtSeconds}`)}`;
  }

  verifyRead(key: string, exp: string | undefined, sig: string | undefined, nowMs = Date.now()): 'ok' | 'invalid' | 'expired' {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return 'invalid';
    if (!this.verify(`read:${key}:${exp}`, sig)) return 'invalid';
    return Number(exp) * 1000 < nowMs ? 'expired' : 'ok';
  }

  /** Opaque upload token: base64url(JSON claims) + '.' + signature. */
  uploadToken(claims: UploadClaims): string {
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${this.sign(`upload:${payload}`)}`;
  }

  verifyUpload(token: string | undefined, nowMs = Date.now()): { ok: true; claims: UploadClaims } | { ok: false; reason: 'invalid' | 'expired' } {
    const [payload, signature, extra] = (token ?? '').split('.');
    if (!payload || !signature || extra !== undefined || !this.verify(`upload:${payload}`, signature)) return { ok: false, reason: 'invalid' };
    let claims: UploadClaims;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as UploadClaims;
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    if (claims.exp * 1000 < nowMs) return { ok: false, reason: 'expired' };
    return { ok: true, claims };
  }
}

export interface UploadClaims {
  key: string;
  contentType: string;
  maxBytes: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
}
