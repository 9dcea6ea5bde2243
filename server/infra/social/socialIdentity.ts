import type { SocialProvider } from '../../../contract/accountProfile.ts';

/** Who a provider says signed in, after its token was verified. */
export interface SocialIdentity {
  provider: SocialProvider;
  /** The provider's stable user id (Google `sub`, Facebook user id). */
  subject: string;
  email: string | null;
  /** True only when the provider vouches for the address. */
  emailVerified: boolean;
  name: string | null;
}

export interface SocialVerifier {
  readonly provider: SocialProvider;
  /** Checks the provider token and returns the identity, or throws a DomainError with a clear message. */
  verify(token: string): Promise<SocialIdentity>;
}
