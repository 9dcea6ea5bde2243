/** What other domains and the app shell use of domains/create; everything else in the folder is private to it. */
export { LazyCreateCampaignDialog } from './LazyCreateCampaignDialog.tsx';
export { FACE_SAMPLE_URLS, faceSample } from './faceSamples.ts';
