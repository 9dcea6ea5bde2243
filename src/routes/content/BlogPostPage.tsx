import { Newspaper } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function BlogPostPage() {
  return <FeatureIntroPage route="blog-post" icon={Newspaper} action={{ to: '/blog', label: 'blog' }} />;
}
