import { Lightbulb } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function UseCasePage() {
  return <FeatureIntroPage route="use-case" icon={Lightbulb} action={{ to: '/use-cases', label: 'useCases' }} />;
}
