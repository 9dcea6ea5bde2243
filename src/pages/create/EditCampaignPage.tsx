import { PencilRuler } from 'lucide-react';
import { FeatureIntroPage } from '../shared/FeatureIntroPage.tsx';

export default function EditCampaignPage() {
  return <FeatureIntroPage route="edit-campaign" icon={PencilRuler} action={{ to: (params) => `/${params.url ?? ''}`, label: 'openCampaign' }} />;
}
