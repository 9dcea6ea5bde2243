import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const YEAR = new Date().getFullYear();

const GROUPS: { title: string; links: { to: string; key: string }[] }[] = [
  {
    title: 'product',
    links: [
      { to: '/explore', key: 'explore' },
      { to: '/leaderboard', key: 'leaderboard' },
      { to: '/for-creators', key: 'creators' },
      { to: '/pricing', key: 'pricing' },
      { to: '/what-is-a-twibbon', key: 'whatIsATwibbon' },
    ],
  },
  {
    title: 'company',
    links: [
      { to: '/about', key: 'about' },
      { to: '/about/personnel', key: 'personnel' },
      { to: '/contact-us', key: 'contact' },
      { to: '/blog', key: 'blog' },
      { to: '/use-cases', key: 'useCases' },
      { to: '/testimonials', key: 'testimonials' },
    ],
  },
  {
    title: 'legal',
    links: [
      { to: '/terms', key: 'terms' },
      { to: '/privacy-policy', key: 'privacy' },
      { to: '/cookie-policy', key: 'cookies' },
      { to: '/csae', key: 'csae' },
      { to: '/site-map', key: 'siteMap' },
    ],
  },
];

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-16 border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold">Bingkai</p>
          <p className="mt-2 text-sm text-muted-foreground">{t('nav.footer.tagline')}</p>
        </div>
        {GROUPS.map((group) => (
          <nav key={group.title} aria-labelledby={`footer-${group.title}`}>
            <h2 id={`footer-${group.title}`} className="text-sm font-semibold">
              {t(`nav.footer.${group.title}`)}
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-muted-foreground hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                    {t(`nav.${link.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t px-4 py-4 text-center text-xs text-muted-foreground">{t('nav.footer.copyright', { year: YEAR })}</p>
    </footer>
  );
}
