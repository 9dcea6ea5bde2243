import { Coins } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function CreditsPage() {
  return <FeatureIntroPage route="credits" icon={Coins} action={{ to: '/pricing', label: 'pricing' }} />;
}
