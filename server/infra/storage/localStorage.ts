import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, relative, sep } from 'node:path';
import { assertStorableType, assertValidKey, assertValidPrefix, isPublicKey, isValidKey, StorageError, type FileStorage, type ListedObject, type SignedUpload, type StoredObject } from './storage.ts';
import type { UrlSigner } from './urlSigning.ts';

interface Sidecar {
  contentType: string;
  size: number;
  createdAt: string;
}

export interface LocalStorageOptions {
  /** Root directory; objects go to root/objects, metadata to root/meta. */
  root: string;
  signer: UrlSigner;
  maxObjectBytes: number;
  /** Prefix of generated URLs ('' for same-origin relative URLs). */
  publicUrl: string;
}

/** Files in a local directory with a JSON sidecar per object holding its content type. */
export class LocalFileStorage implements FileStorage {
  readonly driver = 'local';

  constructor(private readonly options: LocalStorageOptions) {}

  private objectPath(key: string): string {
    assertValidKey(key);
    return join(this.options.root, 'objects', key);
  }

  private metaPath(key: string): string {
    return join(this.options.root, 'meta', `${key}.json`);
  }

  async put(key: string, bytes: Uint8Array, { contentType }: { contentType: string }): Promise<void> {
    const target = this.objectPath(key);
    assertStorableType(contentType);
    if (bytes.byteLength > this.options.maxObjectBytes) {
      throw new StorageError('TOO_LARGE', `Object of ${bytes.byteLength} bytes exceeds the ${this.options.maxObjectBytes} byte limit`);
    }
    const meta: Sidecar = { contentType, size: bytes.byteLength, createdAt: new Date().toISOString() };
    await writeAtomically(this.metaPath(key), JSON.stringify(meta));
    await writeAtomically(target, bytes);
  }

  async get(key: string): Promise<StoredObject | null> {
    const target = this.objectPath(key);
    let meta: Sidecar;
    try {
      meta = JSON.parse(await readFile(this.metaPath(key), 'utf8')) as Sidecar;
      const info = await stat(target);
      if (!info.isFile()) return null;
      meta.size = info.size;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return { stream: createReadStream(target), contentType: meta.contentType, size: meta.size };
  }

  async delete(key: string): Promise<void> {
    const target = this.objectPath(key);
    await rm(target, { force: true });
    await rm(this.metaPath(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.objectPath(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    assertValidPrefix(prefix);
    const objects = join(this.options.root, 'objects');
    let names: string[];
    try {
      names = await readdir(join(objects, prefix), { recursive: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const name of names) {
      const path = join(objects, prefix, name);
      const key = relative(objects, path).split(sep).join('/');
      // Directories, and anything not written through put, are not objects.
      if (!isValidKey(key)) continue;
      let info;
      try {
        info = await stat(path);
      } catch (error) {
        if (isMissing(error)) continue; // deleted while listing
        throw error;
      }
      if (info.isFile()) yield { key, lastModified: info.mtime };
    }
  }

  async signedUploadUrl(key: string, options: { contentType: string; maxBytes: number; expiresInSeconds: number }): Promise<SignedUpload> {
    assertValidKey(key);
    assertStorableType(options.contentType);
    const maxBytes = Math.min(options.maxBytes, this.options.maxObjectBytes);
    const exp = Math.floor(Date.now() / 1000) + options.expiresInSeconds;
    const token = this.options.signer.uploadToken({ key, contentType: options.contentType, maxBytes, exp });
    return {
      url: `${this.options.publicUrl}/files/upload?token=${encodeURIComponent(token)}`,
      method: 'PUT',
      headers: { 'content-type': options.contentType },
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  }

  async signedReadUrl(key: string, { expiresInSeconds }: { expiresInSeconds: number }): Promise<string> {
    assertValidKey(key);
    const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
    return `${this.publicUrl(key)}?${this.options.signer.readQuery(key, exp)}`;
  }

  publicUrl(key: string): string {
    assertValidKey(key);
    return `${this.options.publicUrl}/files/${key}`;
  }

  /** True for keys anyone may read without a signature. */
  isPublic(key: string): boolean {
    return isPublicKey(key);
  }
}

async function writeAtomically(path: string, data: Uint8Array | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, data);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
