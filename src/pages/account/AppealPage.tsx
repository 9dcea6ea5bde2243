import { Scale } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function AppealPage() {
  return <FeatureIntroPage route="appeal" icon={Scale} action={{ to: '/contact-us', label: 'contact' }} />;
}
