import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer } from '../../ui/PageContainer.tsx';
import { PERSONNEL } from './personnel.ts';

export default function PersonnelPage() {
  const { t } = useTranslation();
  return (
    <PageContainer route="personnel">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('pages.personnel.title')}</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">{t('pages.personnel.intro')}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {PERSONNEL.map((person) => (
          <li key={person.slug}>
            <Link to={`/about/personnel/${person.slug}`} className="flex h-full gap-4 rounded-lg border bg-card p-4 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground" aria-hidden="true">
                {person.initials}
              </span>
              <span>
                <span className="block font-semibold">{person.name}</span>
                <span className="block text-sm text-muted-foreground">{t(`pages.personnel.people.${person.slug}.role`)}</span>
                <span className="mt-2 block text-sm">{t(`pages.personnel.people.${person.slug}.summary`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </PageContainer>
  );
}
