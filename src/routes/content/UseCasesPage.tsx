import { Lightbulb } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function UseCasesPage() {
  return <FeatureIntroPage route="use-cases" icon={Lightbulb} action={{ to: '/what-is-a-twibbon', label: 'whatIsATwibbon' }} />;
}
