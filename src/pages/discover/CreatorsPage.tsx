import { Palette } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function CreatorsPage() {
  return <FeatureIntroPage route="creators" icon={Palette} action={{ to: '/create/frame', label: 'createCampaign' }} />;
}
