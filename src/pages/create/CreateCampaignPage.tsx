import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { campaignTypes } from '../../../contract/campaign.ts';
import { CampaignForm } from '../../features/create/CampaignForm.tsx';
import { createBody, emptyCampaignForm, type CampaignType } from '../../features/create/campaignForm.ts';
import { createCampaign } from '../../features/create/campaignWriteApi.ts';
import { usePipeline } from '../../features/create/usePipeline.ts';
import { PageContainer } from '../shared/PageContainer.tsx';
import NotFoundPage from '../system/NotFoundPage.tsx';

const isCampaignType = (value: string | undefined): value is CampaignType => (campaignTypes as readonly (string | undefined)[]).includes(value);

/** /create/frame and /create/background: upload the frames, fill in the campaign and publish it. */
export default function CreateCampaignPage() {
  const { type } = useParams();
  if (!isCampaignType(type)) return <NotFoundPage />;
  return <CreateCampaign key={type} type={type} />;
}

function CreateCampaign({ type }: { type: CampaignType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pipeline, supported } = usePipeline();
  return (
    <PageContainer route="create-campaign" className="py-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(`create.page.title.${type}`)}</h1>
      <p className="mt-2 mb-8 text-muted-foreground">{t(`create.page.lead.${type}`)}</p>
      <CampaignForm
        type={type}
        pipeline={pipeline}
        pipelineSupported={supported}
        initial={emptyCampaignForm()}
        submitLabel={t('create.page.publish')}
        onSubmit={async (values, frames) => {
          const campaign = await createCampaign(createBody(type, values, frames));
          navigate(`/${campaign.uri}`);
        }}
      />
    </PageContainer>
  );
}
