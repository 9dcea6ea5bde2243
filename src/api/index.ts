export * from './ApiError.ts';
export * from './createApiClient.ts';
export * from './clients.ts';
export * from './putSignedUpload.ts';
