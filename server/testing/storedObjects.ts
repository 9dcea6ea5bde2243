import type { FileStorage } from '../infra/storage/storage.ts';

/** A stored object's type and bytes, read through the storage (local or S3); null when the key holds nothing. */
export async function storedObject(storage: FileStorage, key: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return { contentType: object.contentType, bytes: Buffer.concat(chunks) };
}

/** Every stored key under `prefix`, sorted, to assert that a refusal wrote or deleted nothing. */
export async function storedKeys(storage: FileStorage, prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) {
    // The local driver writes each object to a temporary name first (writeAtomically): not an object yet.
    if (!object.key.endsWith('.tmp')) keys.push(object.key);
  }
  return keys.sort();
}
