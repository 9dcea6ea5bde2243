/** What the app shell and other domains use of domains/collection; everything else in the folder is private to it. */
export { OwnCollections } from './OwnCollections.tsx';
export { CollectionHeader } from './CollectionHeader.tsx';
