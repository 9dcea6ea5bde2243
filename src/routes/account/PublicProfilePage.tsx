import { UserRound } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function PublicProfilePage() {
  return <FeatureIntroPage route="public-profile" icon={UserRound} action={{ to: '/explore/campaign', label: 'explore' }} />;
}
