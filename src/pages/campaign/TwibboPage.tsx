import { Sparkles } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function TwibboPage() {
  return <FeatureIntroPage route="twibbo" icon={Sparkles} action={{ to: '/explore/campaign', label: 'explore' }} />;
}
