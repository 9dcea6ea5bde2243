import { WandSparkles } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function AiTwibbonPage() {
  return <FeatureIntroPage route="ai-twibbon" icon={WandSparkles} action={{ to: '/create/frame', label: 'createCampaign' }} />;
}
