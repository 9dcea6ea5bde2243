import { Settings } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function ProfileSettingsPage() {
  return <FeatureIntroPage route="profile-settings" icon={Settings} action={{ to: '/profile', label: 'profile' }} />;
}
