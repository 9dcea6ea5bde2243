import { BadgeDollarSign } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function ApplyMonetizationPage() {
  return <FeatureIntroPage route="apply-monetization" icon={BadgeDollarSign} action={{ to: '/for-creators', label: 'creatorsPage' }} />;
}
