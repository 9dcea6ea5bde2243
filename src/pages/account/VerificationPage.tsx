import { ShieldCheck } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function VerificationPage() {
  return <FeatureIntroPage route="verification" icon={ShieldCheck} action={{ to: '/', label: 'home' }} />;
}
