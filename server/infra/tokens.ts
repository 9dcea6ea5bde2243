import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { calculateJwkThumbprint, errors, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';
import { idTokenClaims, type IdTokenClaims } from '../../contract/account.ts';
import { refuseGeneratedSecret, type AppConfig } from '../config.ts';

export const TOKEN_ALGORITHM = 'ES256';
const ISSUER = 'bingkai';

/** Claims the server sets; iat and exp are added when signing. */
export type TokenBody = Omit<IdTokenClaims, 'iat' | 'exp'>;

export class TokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'The sign-in token has expired' : 'The sign-in token is not valid');
    this.name = 'TokenError';
  }
}

export interface TokenService {
  readonly ttlSeconds: number;
  /** Public key as JWK (with kid) for anyone who must check tokens. */
  readonly publicJwk: JWK;
  issue(body: TokenBody): Promise<string>;
  /** Checks signature, issuer, expiry (no grace: an expired token is refused everywhere, refresh included) and shape. */
  verify(token: string): Promise<IdTokenClaims>;
}

interface KeyPair {
  privateJwk: JWK;
  publicJwk: JWK;
}

function publicPart(jwk: JWK): JWK {
  const { kty, crv, x, y } = jwk;
  return { kty, crv, x, y };
}

/**
 * Keys from TOKEN_PRIVATE_KEY (JWK JSON; the public half is derived when TOKEN_PUBLIC_KEY is absent), else (single
 * process only, see refuseGeneratedSecret) dataDir/secrets/token-es256.json, generated on first start.
 */
export async function resolveTokenKeys(config: AppConfig): Promise<KeyPair> {
  if (config.tokenPrivateKey) {
    const privateJwk = JSON.parse(config.tokenPrivateKey) as JWK;
    const publicJwk = config.tokenPublicKey ? (JSON.parse(config.tokenPublicKey) as JWK) : publicPart(privateJwk);
    return { privateJwk, publicJwk };
  }
  const file = join(config.dataDir, 'secrets', 'token-es256.json');
  refuseGeneratedSecret(config, 'TOKEN_PRIVATE_KEY', file);
  try {
    return JSON.parse(await readFile(file, 'utf8')) as KeyPair;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const pair = await generateKeyPair(TOKEN_ALGORITHM, { extractable: true });
  const generated: KeyPair = { privateJwk: await exportJWK(pair.privateKey), publicJwk: await exportJWK(pair.publicKey) };
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, JSON.stringify(generated) + '\n', { mode: 0o600, flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    // Another instance created it first: use theirs.
    if (error.code !== 'EEXIST') throw error;
  });
  return JSON.parse(await readFile(file, 'utf8')) as KeyPair;
}

export async function createTokenService(config: AppConfig): Promise<TokenService> {
  const keys = await resolveTokenKeys(config);
  const kid = await calculateJwkThumbprint(keys.publicJwk);
  const privateKey = (await importJWK(keys.privateJwk, TOKEN_ALGORITHM)) as CryptoKey;
  const publicKey = (await importJWK(keys.publicJwk, TOKEN_ALGORITHM)) as CryptoKey;
  const ttlSeconds = config.tokenTtlSeconds;
  return {
    ttlSeconds,
    publicJwk: { ...keys.publicJwk, kid, alg: TOKEN_ALGORITHM, use: 'sig' },
    issue(body) {
      const { sub, ...claims } = body;
      return new SignJWT(claims)
        .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid, typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(privateKey);
    },
    async verify(token) {
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, publicKey, { algorithms: [TOKEN_ALGORITHM], issuer: ISSUER }));
      } catch (error) {
        throw new TokenError(error instanceof errors.JWTExpired ? 'expired' : 'invalid');
      }
      const parsed = idTokenClaims.safeParse(payload);
      if (!parsed.success) throw new TokenError('invalid');
      return parsed.data;
    },
  };
}
