import type { PresignedUpload } from '../../contract/accountProfile.ts';
import type { Post, PostCreateBody } from '../../contract/post.ts';
import { apiV2, putSignedUpload } from './index.ts';
import { accessHeaders } from './campaigns.ts';

const postPath = (uri: string) => `/posts/${encodeURIComponent(uri)}`;

export async function fetchPost(uri: string, signal?: AbortSignal): Promise<Post> {
  const body = await apiV2.get<{ data: Post }>(postPath(uri), signal ? { signal } : {});
  return body.data;
}

/** The author only; anyone else gets 404. */
export async function deletePost(uri: string): Promise<void> {
  await apiV2.delete<unknown>(postPath(uri));
}

export interface PublishInput {
  campaignUri: string;
  image: Blob;
  caption: string;
}

/** Uploads the result (the only time its bytes leave the browser) and creates the post. */
export async function publishPost({ campaignUri, image, caption }: PublishInput): Promise<Post> {
  const presigned = await apiV2.post<{ data: PresignedUpload }>('/posts/presigned', { body: { contentType: image.type } });
  await putSignedUpload(presigned.data, image);
  const body: PostCreateBody = { campaignUri, key: presigned.data.key, caption };
  const created = await apiV2.post<{ data: Post }>('/posts', { body, headers: accessHeaders(campaignUri) });
  return created.data;
}
