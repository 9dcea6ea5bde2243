import { LibraryBig } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function CollectionPage() {
  return <FeatureIntroPage route="collection" icon={LibraryBig} action={{ to: '/explore/campaign', label: 'explore' }} />;
}
