import { Palette } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function CreatorsPage() {
  return <FeatureIntroPage route="creators" icon={Palette} action={{ to: '/create/frame', label: 'createCampaign' }} />;
}
