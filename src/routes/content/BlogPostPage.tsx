import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ArticlePage } from './ArticlePage.tsx';

/** /blog/:id/:slug: one blog post, found by its id. */
export default function BlogPostPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return <ArticlePage kind="blog" route="blog-post" articleRef={id} back={{ to: '/blog', label: t('articles.back.blog') }} />;
}
