import { Crown } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function PricingCreatorsPage() {
  return <FeatureIntroPage route="pricing-creators" icon={Crown} action={{ to: '/pricing', label: 'pricing' }} />;
}
