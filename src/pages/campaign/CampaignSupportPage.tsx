import { ImagePlus } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function CampaignSupportPage() {
  return <FeatureIntroPage route="campaign-support" icon={ImagePlus} action={{ to: (params) => `/${params.uri ?? ''}`, label: 'openCampaign' }} />;
}
