import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type Params } from 'react-router';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { PageContainer } from '../ui/PageContainer.tsx';

export interface FeatureIntroProps {
  /** Route name: data-route value and i18n key under `pages`. */
  route: string;
  icon: LucideIcon;
  action: { to: string | ((params: Params) => string); label: string };
}

/** A page whose full feature lands in a later issue: what it is for, and a useful way on. */
export function FeatureIntroPage({ route, icon: Icon, action }: FeatureIntroProps) {
  const { t } = useTranslation();
  const params = useParams();
  const to = typeof action.to === 'function' ? action.to(params) : action.to;
  return (
    <PageContainer route={route} className="flex min-h-[60vh] flex-col items-center justify-center">
      <h1 className="mb-2 text-center text-3xl font-bold tracking-tight">{t(`pages.${route}.title`)}</h1>
      <EmptyState
        icon={<Icon className="size-10" aria-hidden="true" />}
        title={t(`pages.${route}.lead`)}
        description={t(`pages.${route}.description`)}
        action={
          <Button asChild>
            <Link to={to}>{t(`pages.actions.${action.label}`)}</Link>
          </Button>
        }
      />
    </PageContainer>
  );
}
