import { Heart } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function PricingSupportersPage() {
  return <FeatureIntroPage route="pricing-supporters" icon={Heart} action={{ to: '/pricing', label: 'pricing' }} />;
}
