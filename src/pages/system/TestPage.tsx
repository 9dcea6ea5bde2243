import { FlaskConical } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function TestPage() {
  return <FeatureIntroPage route="test" icon={FlaskConical} action={{ to: '/', label: 'home' }} />;
}
