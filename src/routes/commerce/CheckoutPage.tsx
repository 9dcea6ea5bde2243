import { ShoppingCart } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function CheckoutPage() {
  return <FeatureIntroPage route="checkout" icon={ShoppingCart} action={{ to: '/pricing', label: 'pricing' }} />;
}
