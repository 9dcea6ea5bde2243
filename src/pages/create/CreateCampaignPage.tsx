import { Frame } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function CreateCampaignPage() {
  return <FeatureIntroPage route="create-campaign" icon={Frame} action={{ to: '/what-is-a-twibbon', label: 'whatIsATwibbon' }} />;
}
