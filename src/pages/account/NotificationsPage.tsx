import { Bell } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function NotificationsPage() {
  return <FeatureIntroPage route="notifications" icon={Bell} action={{ to: '/explore/campaign', label: 'explore' }} />;
}
