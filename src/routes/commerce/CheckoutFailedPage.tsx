import { CircleAlert } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function CheckoutFailedPage() {
  return <FeatureIntroPage route="checkout-failed" icon={CircleAlert} action={{ to: '/pricing', label: 'pricing' }} />;
}
