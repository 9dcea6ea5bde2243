import { Trophy } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function LeaderboardPage() {
  return <FeatureIntroPage route="leaderboard" icon={Trophy} action={{ to: '/explore/campaign', label: 'explore' }} />;
}
