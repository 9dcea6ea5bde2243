import { CircleAlert } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function CheckoutFailedPage() {
  return <FeatureIntroPage route="checkout-failed" icon={CircleAlert} action={{ to: '/pricing', label: 'pricing' }} />;
}
