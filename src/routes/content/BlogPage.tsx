import { Newspaper } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function BlogPage() {
  return <FeatureIntroPage route="blog" icon={Newspaper} action={{ to: '/what-is-a-twibbon', label: 'whatIsATwibbon' }} />;
}
