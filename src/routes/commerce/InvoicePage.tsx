import { ReceiptText } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function InvoicePage() {
  return <FeatureIntroPage route="invoice" icon={ReceiptText} action={{ to: '/contact-us', label: 'contact' }} />;
}
