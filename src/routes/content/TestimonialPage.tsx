import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ArticlePage } from './ArticlePage.tsx';

/** /testimonials/:slug: one testimonial. */
export default function TestimonialPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  return <ArticlePage kind="testimonials" route="testimonial" articleRef={slug} back={{ to: '/testimonials', label: t('articles.back.testimonials') }} />;
}
