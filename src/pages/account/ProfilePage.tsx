import { UserRound } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function ProfilePage() {
  return <FeatureIntroPage route="profile-own" icon={UserRound} action={{ to: '/create/frame', label: 'createCampaign' }} />;
}
