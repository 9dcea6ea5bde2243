import { KeyRound } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function ResetPasswordPage() {
  return <FeatureIntroPage route="reset-password" icon={KeyRound} action={{ to: '/contact-us', label: 'contact' }} />;
}
