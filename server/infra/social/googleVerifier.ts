import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { DomainError } from '../../domainError.ts';
import type { SocialIdentity, SocialVerifier } from './socialIdentity.ts';

export interface GoogleVerifierOptions {
  /** OAuth client id: the ID token's audience. */
  clientId: string | undefined;
  /** Accepted `iss` values. */
  issuers: string[];
  jwksUrl: string;
}

const refused = (message: string) => new DomainError('UNAUTHORIZED', message);

/** Verifies Google ID tokens locally against Google's published keys (cached by jose). */
export class GoogleVerifier implements SocialVerifier {
  readonly provider = 'google' as const;
  private readonly keys: JWTVerifyGetKey;

  constructor(private readonly options: GoogleVerifierOptions) {
    this.keys = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  }

  async verify(idToken: string): Promise<SocialIdentity> {
    const { clientId, issuers } = this.options;
    if (!clientId) throw new DomainError('UNAVAILABLE', 'Google sign-in is not configured on this server');
    let payload;
    try {
      ({ payload } = await jwtVerify(idToken, this.keys, { issuer: issuers, audience: clientId, algorithms: ['RS256'], clockTolerance: 30 }));
    } catch (error) {
      throw googleFailure(error);
    }
    if (typeof payload.sub !== 'string' || payload.sub === '') throw refused('The Google sign-in token has no user id');
    const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
    return {
      provider: 'google',
      subject: payload.sub,
      email,
      emailVerified: email !== null && (payload.email_verified === true || payload.email_verified === 'true'),
      name: typeof payload.name === 'string' ? payload.name : null,
    };
  }
}

function googleFailure(error: unknown): DomainError {
  if (error instanceof errors.JWTExpired) return refused('The Google sign-in has expired; sign in with Google again');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return refused('The Google sign-in was issued for another app');
    if (error.claim === 'iss') return refused('The Google sign-in was not issued by Google');
    return refused(`The Google sign-in token is not valid (${error.claim})`);
  }
  // Key-set fetch failures are ours to retry, not the user's fault.
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || !(error instanceof errors.JOSEError)) {
    return new DomainError('UNAVAILABLE', 'Google could not be reached to check the sign-in; try again');
  }
  return refused('The Google sign-in token could not be verified');
}
