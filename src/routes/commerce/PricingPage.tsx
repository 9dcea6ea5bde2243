import { Gem } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function PricingPage() {
  return <FeatureIntroPage route="pricing" icon={Gem} action={{ to: '/explore/campaign', label: 'explore' }} />;
}
