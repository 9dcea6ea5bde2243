import { REQUEST_KEY_PATH } from '../../contract/requestSignature.ts';
import { env } from '../lib/env.ts';
import { createApiClient } from './createApiClient.ts';

/** The signing key is derived server-wide, so every base signs with the key the main API hands out. */
const requestKeyUrl = env.apiUrl.replace(/\/+$/, '') + REQUEST_KEY_PATH;

export const apiV2 = createApiClient({ baseUrl: env.apiUrl });
export const gateway = createApiClient({ baseUrl: env.gatewayUrl, requestKeyUrl });
export const editorApi = createApiClient({ baseUrl: env.editorApiUrl, requestKeyUrl });
export const apiV3 = createApiClient({ baseUrl: env.apiV3Url, requestKeyUrl });
