import { Heart } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function PricingSupportersPage() {
  return <FeatureIntroPage route="pricing-supporters" icon={Heart} action={{ to: '/pricing', label: 'pricing' }} />;
}
