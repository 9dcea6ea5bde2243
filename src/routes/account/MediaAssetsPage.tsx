import { Images } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function MediaAssetsPage() {
  return <FeatureIntroPage route="media-assets" icon={Images} action={{ to: '/create/frame', label: 'createCampaign' }} />;
}
