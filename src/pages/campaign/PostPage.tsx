import { ImageIcon } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function PostPage() {
  return <FeatureIntroPage route="post" icon={ImageIcon} action={{ to: '/explore/campaign', label: 'explore' }} />;
}
