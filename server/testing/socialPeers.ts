import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { AppConfig } from '../config.ts';
import { signFacebookRequest } from '../infra/social/facebookSignedRequest.ts';

export const GOOGLE_TEST_CLIENT_ID = 'bingkai-test.apps.googleusercontent.com';
export const FACEBOOK_TEST_APP_ID = '1234567890';
export const FACEBOOK_TEST_APP_SECRET = 'facebook-test-app-secret-0123456789';

export interface GoogleTokenOptions {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
  audience?: string;
  issuer?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  /** Sign with a key that is not in the served JWKS (a forged token). */
  foreignKey?: boolean;
}

export interface FacebookUser {
  id: string;
  name: string;
  email?: string;
  /** The app the token was issued for (another app's tokens must be refused). */
  appId?: string;
  valid?: boolean;
}

/**
 * Local stand-ins for Google and Facebook that speak their real protocols: a JWKS endpoint whose key
 * signs test ID tokens, and a Graph API with debug_token (app-token checked) and /me.
 */
export interface SocialPeers {
  googleIssuer: string;
  googleJwksUrl: string;
  graphUrl: string;
  googleIdToken(options: GoogleTokenOptions): Promise<string>;
  /** Registers a Facebook user and returns a fresh user access token for it. */
  facebookToken(user: FacebookUser): string;
  facebookSignedRequest(userId: string, secret?: string): string;
  /** Paths the Graph peer was asked for, in order. */
  graphCalls: string[];
  close(): Promise<void>;
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** The app settings that turn Google and Facebook sign-in on against these peers. */
export function socialPeerConfig(peers: SocialPeers): Partial<AppConfig> {
  return {
    googleClientId: GOOGLE_TEST_CLIENT_ID,
    googleIssuers: [peers.googleIssuer],
    googleJwksUrl: peers.googleJwksUrl,
    facebookAppId: FACEBOOK_TEST_APP_ID,
    facebookAppSecret: FACEBOOK_TEST_APP_SECRET,
    facebookGraphUrl: peers.graphUrl,
  };
}

export async function startSocialPeers(): Promise<SocialPeers> {
  const signing = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const publicJwk: JWK = { ...(await exportJWK(signing.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const tokens = new Map<string, FacebookUser>();
  const graphCalls: string[] = [];

  const graphError = (response: ServerResponse, message: string) =>
    json(response, 400, { error: { message, type: 'OAuthException', code: 190 } });

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://peer');
    if (url.pathname === '/google/certs') return json(response, 200, { keys: [publicJwk] });
    if (url.pathname.startsWith('/graph/')) graphCalls.push(url.pathname.slice('/graph'.length));
    if (url.pathname === '/graph/debug_token') {
      if (url.searchParams.get('access_token') !== `${FACEBOOK_TEST_APP_ID}|${FACEBOOK_TEST_APP_SECRET}`) return graphError(response, 'Invalid app access token');
      const user = tokens.get(url.searchParams.get('input_token') ?? '');
      if (!user) return json(response, 200, { data: { is_valid: false, error: { message: 'Invalid OAuth access token.' } } });
      return json(response, 200, {
        data: { app_id: user.appId ?? FACEBOOK_TEST_APP_ID, type: 'USER', is_valid: user.valid ?? true, user_id: user.id, expires_at: Math.floor(Date.now() / 1000) + 3600 },
      });
    }
    if (url.pathname === '/graph/me/permissions' && request.method === 'DELETE') {
      const user = tokens.get(url.searchParams.get('access_token') ?? '');
      if (!user) return graphError(response, 'Invalid OAuth access token.');
      tokens.delete(url.searchParams.get('access_token') ?? '');
      return json(response, 200, { success: true });
    }
    if (url.pathname === '/graph/me') {
      const user = tokens.get(url.searchParams.get('access_token') ?? '');
      if (!user || user.valid === false) return graphError(response, 'Invalid OAuth access token.');
      const fields = (url.searchParams.get('fields') ?? 'id,name').split(',');
      const all: Record<string, string | undefined> = { id: user.id, name: user.name, email: user.email };
      return json(response, 200, Object.fromEntries(fields.filter((field) => all[field] !== undefined).map((field) => [field, all[field]])));
    }
    json(response, 404, { error: { message: 'Unknown path' } });
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const googleIssuer = 'https://accounts.google.com';

  return {
    googleIssuer,
    googleJwksUrl: `${base}/google/certs`,
    graphUrl: `${base}/graph`,
    graphCalls,
    async googleIdToken(options) {
      const key: CryptoKey = options.foreignKey ? foreign.privateKey : signing.privateKey;
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        ...(options.email ? { email: options.email, email_verified: options.emailVerified ?? true } : {}),
        ...(options.name ? { name: options.name } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1', typ: 'JWT' })
        .setSubject(options.sub)
        .setIssuer(options.issuer ?? googleIssuer)
        .setAudience(options.audience ?? GOOGLE_TEST_CLIENT_ID)
        .setIssuedAt(now - 60)
        .setExpirationTime(now + (options.expiresIn ?? 3600))
        .sign(key);
    },
    facebookToken(user) {
      const token = `EAA${randomBytes(24).toString('base64url')}`;
      tokens.set(token, user);
      return token;
    },
    facebookSignedRequest(userId, secret = FACEBOOK_TEST_APP_SECRET) {
      return signFacebookRequest({ algorithm: 'HMAC-SHA256', user_id: userId, issued_at: Math.floor(Date.now() / 1000) }, secret);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
