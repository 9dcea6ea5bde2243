import { UserX } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function DeleteAccountFacebookPage() {
  return <FeatureIntroPage route="delete-account-facebook" icon={UserX} action={{ to: '/privacy-policy', label: 'privacy' }} />;
}
