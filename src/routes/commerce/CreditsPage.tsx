import { Coins } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function CreditsPage() {
  return <FeatureIntroPage route="credits" icon={Coins} action={{ to: '/pricing', label: 'pricing' }} />;
}
