import { MailX } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function CancelResetEmailPage() {
  return <FeatureIntroPage route="cancel-reset-email" icon={MailX} action={{ to: '/contact-us', label: 'contact' }} />;
}
