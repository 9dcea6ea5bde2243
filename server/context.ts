import type { FastifyInstance, FastifyBaseLogger, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { NonceStore } from './services/nonceStore.ts';
import type { FileStorage } from './storage/storage.ts';
import type { UrlSigner } from './storage/urlSigning.ts';

/** What route plugins need, built once in buildApp. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  storage: FileStorage;
  signer: UrlSigner;
  signingSecret: Uint8Array;
  nonces: NonceStore;
  version: string;
  startedAt: number;
}

export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
