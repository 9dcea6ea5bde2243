import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DirectionalIcon } from '../../ui/DirectionalIcon.tsx';
import { PageContainer } from '../../ui/PageContainer.tsx';
import NotFoundPage from '../../ui/NotFoundPage.tsx';
import { PERSONNEL } from './personnel.ts';

export default function PersonnelDetailPage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const person = PERSONNEL.find((p) => p.slug === slug);
  if (!person) return <NotFoundPage />;
  const key = `pages.personnel.people.${person.slug}`;
  const focus: unknown = t(`${key}.focus`, { returnObjects: true });
  return (
    <PageContainer route="personnel-detail" className="max-w-3xl">
      <Link to="/about/personnel" className="mb-6 inline-flex items-center gap-1 text-sm underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        <DirectionalIcon icon={ArrowLeft} className="size-4" />
        {t('pages.personnel.back')}
      </Link>
      <div className="flex items-center gap-4">
        <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary text-xl font-bold text-primary-foreground" aria-hidden="true">
          {person.initials}
        </span>
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{person.name}</h1>
          <p className="text-muted-foreground">{t(`${key}.role`)}</p>
        </div>
      </div>
      <p className="mt-6 text-lg leading-relaxed">{t(`${key}.bio`)}</p>
      {Array.isArray(focus) && (
        <section aria-labelledby="focus" className="mt-6">
          <h2 id="focus" className="mb-2 text-xl font-semibold">
            {t('pages.personnel.focus')}
          </h2>
          <ul className="list-disc space-y-1 ps-6">
            {focus.map((item: unknown, index) => (
              <li key={index}>{String(item)}</li>
            ))}
          </ul>
        </section>
      )}
    </PageContainer>
  );
}
