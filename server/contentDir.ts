import { fileURLToPath } from 'node:url';

/** The repository's content/ folder: the articles (docs/CONTENT.md), read from here unless config.contentDir says otherwise. */
export const CONTENT_DIR = fileURLToPath(new URL('../content/', import.meta.url));
