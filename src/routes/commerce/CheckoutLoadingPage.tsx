import { Hourglass } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function CheckoutLoadingPage() {
  return <FeatureIntroPage route="checkout-loading" icon={Hourglass} action={{ to: '/pricing', label: 'pricing' }} />;
}
