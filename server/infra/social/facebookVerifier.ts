import { createHmac } from 'node:crypto';
import { DomainError } from '../../domainError.ts';
import type { SocialIdentity, SocialVerifier } from './socialIdentity.ts';

export interface FacebookVerifierOptions {
  appId: string | undefined;
  appSecret: string | undefined;
  /** Graph API base, e.g. https://graph.facebook.com/v21.0 (no trailing slash). */
  graphUrl: string;
  timeoutMs?: number;
}

interface DebugTokenAnswer {
  data?: { app_id?: string; is_valid?: boolean; user_id?: string; expires_at?: number; error?: { message?: string } };
}

interface MeAnswer {
  id?: string;
  name?: string;
  email?: string;
}

const refused = (message: string) => new DomainError('UNAUTHORIZED', message);

/** Checks a Facebook user access token with the Graph API: debug_token (with the app token), then /me. */
export class FacebookVerifier implements SocialVerifier {
  readonly provider = 'facebook' as const;

  constructor(private readonly options: FacebookVerifierOptions) {}

  async verify(accessToken: string): Promise<SocialIdentity> {
    const { appId, appSecret } = this.options;
    if (!appId || !appSecret) throw new DomainError('UNAVAILABLE', 'Facebook sign-in is not configured on this server');
    const debug = await this.graph<DebugTokenAnswer>('/debug_token', { input_token: accessToken, access_token: `${appId}|${appSecret}` });
    const info = debug.data;
    if (!info?.is_valid) throw refused('The Facebook sign-in is not valid or has expired; sign in with Facebook again');
    // A token from another app would let that app's users sign in here.
    if (info.app_id !== appId) throw refused('The Facebook sign-in was issued for another app');
    if (!info.user_id) throw refused('The Facebook sign-in token has no user id');
    const me = await this.graph<MeAnswer>('/me', {
      fields: 'id,name,email',
      access_token: accessToken,
      appsecret_proof: createHmac('sha256', appSecret).update(accessToken).digest('hex'),
    });
    if (me.id !== info.user_id) throw refused('The Facebook profile does not match the sign-in token');
    const email = typeof me.email === 'string' && me.email !== '' ? me.email.toLowerCase() : null;
    // Facebook only returns confirmed addresses.
    return { provider: 'facebook', subject: me.id, email, emailVerified: email !== null, name: me.name ?? null };
  }

  /** Best effort: tells Facebook the user removed the app (DELETE /me/permissions); failures are ignored. */
  async revokePermissions(accessToken: string): Promise<boolean> {
    const { appSecret } = this.options;
    if (!appSecret) return false;
    const query = new URLSearchParams({ access_token: accessToken, appsecret_proof: createHmac('sha256', appSecret).update(accessToken).digest('hex') });
    try {
      const response = await fetch(`${this.options.graphUrl}/me/permissions?${query}`, { method: 'DELETE', signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000) });
      return response.ok;
    } catch {
      return false;
    }
  }

  private async graph<T>(path: string, query: Record<string, string>): Promise<T> {
    const url = `${this.options.graphUrl}${path}?${new URLSearchParams(query)}`;
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000), headers: { accept: 'application/json' } });
    } catch {
      throw new DomainError('UNAVAILABLE', 'Facebook could not be reached to check the sign-in; try again');
    }
    const body = (await response.json().catch(() => null)) as T | null;
    if (response.status >= 500 || body === null) throw new DomainError('UNAVAILABLE', 'Facebook did not answer the sign-in check; try again');
    // Graph answers 400 with an error object for invalid or expired user tokens.
    if (!response.ok) throw refused('The Facebook sign-in is not valid or has expired; sign in with Facebook again');
    return body;
  }
}
