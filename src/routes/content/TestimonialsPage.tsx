import { ArticleIndexPage } from './ArticleIndexPage.tsx';

/** /testimonials: what creators say about their campaigns. */
export default function TestimonialsPage() {
  return <ArticleIndexPage kind="testimonials" route="testimonials" />;
}
