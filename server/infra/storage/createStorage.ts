import { join } from 'node:path';
import type { AppConfig } from '../../config.ts';
import { LocalFileStorage } from './localStorage.ts';
import type { FileStorage } from './storage.ts';
import type { UrlSigner } from './urlSigning.ts';

/** The configured storage driver (local directory under DATA_DIR/files). */
export function createStorage(config: AppConfig, signer: UrlSigner): FileStorage {
  return new LocalFileStorage({ root: join(config.dataDir, 'files'), signer, maxObjectBytes: config.maxUploadBytes, publicUrl: config.publicUrl });
}
