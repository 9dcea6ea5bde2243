import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ArticlePage } from './ArticlePage.tsx';

/** /use-cases/:slug: one use case. */
export default function UseCasePage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  return <ArticlePage kind="use-cases" route="use-case" articleRef={slug} back={{ to: '/use-cases', label: t('articles.back.useCases') }} />;
}
