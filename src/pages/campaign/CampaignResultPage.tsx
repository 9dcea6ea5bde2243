import { Share2 } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function CampaignResultPage() {
  return <FeatureIntroPage route="campaign-result" icon={Share2} action={{ to: (params) => `/${params.uri ?? ''}`, label: 'openCampaign' }} />;
}
