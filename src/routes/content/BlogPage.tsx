import { ArticleIndexPage } from './ArticleIndexPage.tsx';

/** /blog: the blog's posts, newest first. */
export default function BlogPage() {
  return <ArticleIndexPage kind="blog" route="blog" />;
}
