import { ArrowRight, Gauge, ImageUp, MousePointerClick, Share2, ShieldCheck, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { DirectionalIcon } from '../../ui/DirectionalIcon.tsx';
import { CampaignList } from '../../domains/campaign/CampaignList.tsx';
import { LazyCreateCampaignDialog } from '../../domains/create/LazyCreateCampaignDialog.tsx';

const PROMISES = [
  { key: 'privacy', icon: ShieldCheck },
  { key: 'fast', icon: Gauge },
  { key: 'sharp', icon: Sparkles },
] as const;

const STEPS = [
  { key: 'pick', icon: MousePointerClick },
  { key: 'photo', icon: ImageUp },
  { key: 'share', icon: Share2 },
] as const;

export default function HomePage() {
  const { t } = useTranslation();
  const [createOpen, setCreateOpen] = useState(false);
  return (
    <div data-route="home">
      <section className="border-b bg-gradient-to-b from-primary/15 to-background">
        <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
          <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{t('pages.home.hero.title')}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">{t('pages.home.hero.subtitle')}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button size="lg" onClick={() => setCreateOpen(true)}>
              {t('pages.actions.createCampaign')}
            </Button>
            <Button size="lg" variant="outline" asChild>
              <Link to="/explore/campaign">{t('pages.actions.explore')}</Link>
            </Button>
          </div>
          <ul className="mx-auto mt-12 grid max-w-4xl gap-4 text-start sm:grid-cols-3">
            {PROMISES.map(({ key, icon: Icon }) => (
              <li key={key} className="rounded-lg border bg-card p-4">
                <Icon className="size-6 text-primary-ink" aria-hidden="true" />
                <p className="mt-2 font-semibold">{t(`pages.home.promises.${key}.title`)}</p>
                <p className="mt-1 text-sm text-muted-foreground">{t(`pages.home.promises.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="how-it-works" className="text-2xl font-bold sm:text-3xl">
          {t('pages.home.how.title')}
        </h2>
        <ol className="mt-6 grid gap-6 sm:grid-cols-3">
          {STEPS.map(({ key, icon: Icon }, index) => (
            <li key={key} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <p className="flex items-center gap-2 font-semibold">
                  <Icon className="size-4" aria-hidden="true" />
                  {t(`pages.home.how.${key}.title`)}
                </p>
                <p className="mt-1 text-sm text-muted-foreground">{t(`pages.home.how.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="newest" className="mx-auto max-w-6xl px-4 pb-10">
        <div className="mb-6 flex items-end justify-between gap-4">
          <h2 id="newest" className="text-2xl font-bold sm:text-3xl">
            {t('pages.home.newest')}
          </h2>
          <Link to="/explore/campaign" className="flex items-center gap-1 text-sm font-medium underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            {t('pages.home.seeAll')}
            <DirectionalIcon icon={ArrowRight} className="size-4" />
          </Link>
        </div>
        <CampaignList page={1} limit={8} />
      </section>
      <LazyCreateCampaignDialog open={createOpen} onOpenChange={setCreateOpen} />
    </div>
  );
}
