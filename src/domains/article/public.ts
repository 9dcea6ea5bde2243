/** What the app shell and other domains use of domains/article (the routes may import the components directly). */
export { ArticleIndex } from './ArticleIndex.tsx';
export { ArticleView } from './ArticleView.tsx';
