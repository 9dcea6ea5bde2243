import type { Post, PostCreateBody } from '../../contract/post.ts';
import { callRoute, type RouteBody } from './callRoute.ts';
import { accessHeaders } from './campaigns.ts';
import { putSignedUpload } from './putSignedUpload.ts';

export async function fetchPost(uri: string, signal?: AbortSignal): Promise<Post> {
  return (await callRoute('GET /posts/:uri', { params: { uri }, signal })).data;
}

/** The author only; anyone else gets 404. */
export async function deletePost(uri: string): Promise<void> {
  await callRoute('DELETE /posts/:uri', { params: { uri } });
}

export interface PublishInput {
  campaignUri: string;
  image: Blob;
  caption: string;
}

/** Uploads the result (the only time its bytes leave the browser) and creates the post. */
export async function publishPost({ campaignUri, image, caption }: PublishInput): Promise<Post> {
  const presigned = await callRoute('POST /posts/presigned', { body: { contentType: image.type } as RouteBody<'POST /posts/presigned'> });
  await putSignedUpload(presigned.data, image);
  const body: PostCreateBody = { campaignUri, key: presigned.data.key, caption };
  return (await callRoute('POST /posts', { body, headers: accessHeaders(campaignUri) })).data;
}
