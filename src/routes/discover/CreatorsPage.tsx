import { BadgeDollarSign, BarChart3, Check, Frame, ImageUp, Layers, Lock, Palette, PenLine, Send, Shapes, Type } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TopCampaigns } from '../../domains/campaign/TopCampaigns.tsx';
import { Button } from '../../ui/Button.tsx';

const STEPS = [
  { key: 'frame', icon: ImageUp },
  { key: 'details', icon: PenLine },
  { key: 'share', icon: Send },
  { key: 'follow', icon: BarChart3 },
] as const;

const DESIGNER_FEATURES = [
  { key: 'templates', icon: Layers },
  { key: 'text', icon: Type },
  { key: 'shapes', icon: Shapes },
  { key: 'export', icon: Frame },
] as const;

const PLANS = [
  { key: 'free', features: ['publicCampaigns', 'oneFrame', 'freeSupport', 'watermark'] },
  { key: 'creator', features: ['severalFrames', 'privateCampaigns', 'noWatermark', 'analytics'] },
] as const;

/** How many of the most-supported campaigns the page shows as examples. */
const EXAMPLES = 4;

/** /for-creators: how a campaign is made (upload or design a frame, publish, share), what the plans add, real examples. */
export default function CreatorsPage() {
  const { t } = useTranslation();
  return (
    <div data-route="creators">
      <section aria-labelledby="for-creators-title" className="border-b bg-gradient-to-b from-primary/15 to-background">
        <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-20">
          <Palette className="mx-auto size-10 text-primary-ink" aria-hidden="true" />
          <h1 id="for-creators-title" className="mx-auto mt-4 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {t('forCreators.hero.title')}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">{t('forCreators.hero.lead')}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button size="lg" asChild>
              <Link to="/create/frame">{t('forCreators.cta.create')}</Link>
            </Button>
            <Button size="lg" variant="outline" asChild>
              <Link to="/create/frame" data-testid="designer-cta">
                {t('forCreators.cta.design')}
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <div className="mx-auto w-full max-w-6xl space-y-16 px-4 py-10">
        <section aria-labelledby="for-creators-steps">
          <h2 id="for-creators-steps" className="text-2xl font-bold sm:text-3xl">
            {t('forCreators.steps.title')}
          </h2>
          <ol className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map(({ key, icon: Icon }, index) => (
              <li key={key} className="rounded-lg border bg-card p-5">
                <div className="flex items-center gap-3">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground" aria-hidden="true">
                    {index + 1}
                  </span>
                  <Icon className="size-5 text-primary-ink" aria-hidden="true" />
                </div>
                <h3 className="mt-3 font-semibold">{t(`forCreators.steps.${key}.title`)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(`forCreators.steps.${key}.text`)}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="for-creators-designer" className="grid items-start gap-8 rounded-xl border bg-muted/40 p-6 sm:p-8 lg:grid-cols-2">
          <div>
            <h2 id="for-creators-designer" className="text-2xl font-bold sm:text-3xl">
              {t('forCreators.designer.title')}
            </h2>
            <p className="mt-3 text-muted-foreground">{t('forCreators.designer.lead')}</p>
            <Button className="mt-6" asChild>
              <Link to="/create/frame">{t('forCreators.cta.design')}</Link>
            </Button>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2">
            {DESIGNER_FEATURES.map(({ key, icon: Icon }) => (
              <li key={key} className="rounded-lg border bg-card p-4">
                <Icon className="size-5 text-primary-ink" aria-hidden="true" />
                <h3 className="mt-2 font-semibold">{t(`forCreators.designer.${key}.title`)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(`forCreators.designer.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="for-creators-plans">
          <h2 id="for-creators-plans" className="text-2xl font-bold sm:text-3xl">
            {t('forCreators.plans.title')}
          </h2>
          <p className="mt-2 max-w-3xl text-muted-foreground">{t('forCreators.plans.lead')}</p>
          <div className="mt-6 grid gap-6 md:grid-cols-3">
            {PLANS.map(({ key, features }) => (
              <article key={key} aria-labelledby={`plan-${key}`} className="rounded-lg border bg-card p-5">
                <h3 id={`plan-${key}`} className="flex items-center gap-2 text-lg font-semibold">
                  {key === 'creator' && <Lock className="size-4 text-primary-ink" aria-hidden="true" />}
                  {t(`forCreators.plans.${key}.title`)}
                </h3>
                <ul className="mt-3 space-y-2 text-sm">
                  {features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-primary-ink" aria-hidden="true" />
                      <span>{t(`forCreators.plans.${key}.${feature}`)}</span>
                    </li>
                  ))}
                </ul>
              </article>
            ))}
            <article aria-labelledby="plan-monetize" className="rounded-lg border bg-card p-5">
              <h3 id="plan-monetize" className="flex items-center gap-2 text-lg font-semibold">
                <BadgeDollarSign className="size-5 text-primary-ink" aria-hidden="true" />
                {t('forCreators.plans.monetize.title')}
              </h3>
              <p className="mt-3 text-sm text-muted-foreground">{t('forCreators.plans.monetize.text')}</p>
              <Link to="/apply-monetization" className="mt-3 inline-block rounded-sm text-sm font-medium underline decoration-primary decoration-2 underline-offset-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                {t('forCreators.plans.monetize.link')}
              </Link>
            </article>
          </div>
          <Button variant="outline" className="mt-6" asChild>
            <Link to="/pricing/creators">{t('forCreators.cta.plans')}</Link>
          </Button>
        </section>

        <section aria-labelledby="for-creators-examples" data-testid="creator-examples">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="for-creators-examples" className="text-2xl font-bold sm:text-3xl">
                {t('forCreators.examples.title')}
              </h2>
              <p className="mt-2 max-w-3xl text-muted-foreground">{t('forCreators.examples.lead')}</p>
            </div>
            <Link to="/explore/campaign?sort=popular" className="rounded-sm text-sm font-medium underline decoration-primary decoration-2 underline-offset-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
              {t('forCreators.examples.more')}
            </Link>
          </div>
          <div className="mt-6">
            <TopCampaigns count={EXAMPLES} />
          </div>
        </section>

        <section aria-labelledby="for-creators-start" className="rounded-xl bg-primary/10 p-8 text-center">
          <h2 id="for-creators-start" className="text-2xl font-bold sm:text-3xl">
            {t('forCreators.start.title')}
          </h2>
          <p className="mx-auto mt-2 max-w-2xl text-muted-foreground">{t('forCreators.start.lead')}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button size="lg" asChild>
              <Link to="/create/frame">{t('forCreators.cta.create')}</Link>
            </Button>
            <Button size="lg" variant="outline" asChild>
              <Link to="/media-assets">{t('forCreators.cta.brand')}</Link>
            </Button>
          </div>
        </section>
      </div>
    </div>
  );
}
