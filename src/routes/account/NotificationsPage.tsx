import { Bell } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function NotificationsPage() {
  return <FeatureIntroPage route="notifications" icon={Bell} action={{ to: '/explore/campaign', label: 'explore' }} />;
}
