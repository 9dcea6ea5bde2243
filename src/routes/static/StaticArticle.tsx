import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../ui/PageContainer.tsx';

export interface ArticleSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
}

function isSectionList(value: unknown): value is ArticleSection[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && typeof (item as ArticleSection).heading === 'string');
}

/**
 * Policy and info pages: title, intro and sections from `pages.<route>` in the locale files
 * (`sections` is an array of { heading, paragraphs?, list? }).
 */
export function StaticArticle({ route, children }: { route: string; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const raw: unknown = t(`pages.${route}.sections`, { returnObjects: true });
  const sections = isSectionList(raw) ? raw : [];
  const updated = i18n.exists(`pages.${route}.updated`) ? t(`pages.${route}.updated`) : '';
  return (
    <PageContainer route={route} className="max-w-3xl">
      <article>
        <header className="mb-8 border-b pb-6">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t(`pages.${route}.title`)}</h1>
          {updated && <p className="mt-2 text-sm text-muted-foreground">{updated}</p>}
          <p className="mt-4 text-lg text-muted-foreground">{t(`pages.${route}.intro`)}</p>
        </header>
        {sections.map((section, index) => (
          <section key={index} aria-labelledby={`${route}-s${index}`} className="mb-8">
            <h2 id={`${route}-s${index}`} className="mb-3 text-xl font-semibold">
              {section.heading}
            </h2>
            {section.paragraphs?.map((text, i) => (
              <p key={i} className="mb-3 leading-relaxed">
                {text}
              </p>
            ))}
            {section.list && (
              <ul className="list-disc space-y-1.5 ps-6 leading-relaxed">
                {section.list.map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
        {children}
      </article>
    </PageContainer>
  );
}
