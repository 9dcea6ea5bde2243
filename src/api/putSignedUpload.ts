import { ApiError } from './ApiError.ts';

/** Where and how to PUT a file (a presigned upload of this API; contract/accountProfile.ts presignedUpload). */
export interface SignedUploadTarget {
  url: string;
  headers: { 'content-type': string };
}

/** PUTs a file to a presigned upload URL; failures become ApiErrors like every other call. */
export async function putSignedUpload(upload: SignedUploadTarget, file: Blob): Promise<void> {
  let response: Response;
  try {
    // Same-origin uploads are signed by the presigned URL itself; the bearer is never sent along.
    response = await fetch(upload.url, { method: 'PUT', body: file, headers: upload.headers, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError({ status: 0, code: 'NETWORK', message: error instanceof Error ? error.message : String(error), cause: error });
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => null);
    const message = typeof payload === 'object' && payload !== null && typeof (payload as { message?: unknown }).message === 'string' ? (payload as { message: string }).message : null;
    const code = response.status === 413 ? 'PAYLOAD_TOO_LARGE' : response.status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
    throw new ApiError({ status: response.status, code, message: message ?? (response.statusText || `Upload failed with status ${response.status}`) });
  }
}
