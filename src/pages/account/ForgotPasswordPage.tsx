import { KeyRound } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function ForgotPasswordPage() {
  return <FeatureIntroPage route="forgot-password" icon={KeyRound} action={{ to: '/contact-us', label: 'contact' }} />;
}
