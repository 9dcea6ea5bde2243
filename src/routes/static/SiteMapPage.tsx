import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer } from '../../ui/PageContainer.tsx';

/** Public pages that need no parameter, grouped; labels reuse the navigation and page titles. */
const GROUPS: { key: string; links: { to: string; label: string }[] }[] = [
  {
    key: 'discover',
    links: [
      { to: '/', label: 'nav.home' },
      { to: '/explore/campaign', label: 'pages.explore.tab.campaign' },
      { to: '/explore/collection', label: 'pages.explore.tab.collection' },
      { to: '/explore/creator', label: 'pages.explore.tab.creator' },
      { to: '/leaderboard', label: 'nav.leaderboard' },
      { to: '/what-is-a-twibbon', label: 'nav.whatIsATwibbon' },
    ],
  },
  {
    key: 'create',
    links: [
      { to: '/create/frame', label: 'pages.createDialog.frame.title' },
      { to: '/create/background', label: 'pages.createDialog.background.title' },
      { to: '/ai-twibbon', label: 'pages.ai-twibbon.title' },
      { to: '/for-creators', label: 'nav.creators' },
      { to: '/media-assets', label: 'pages.media-assets.title' },
    ],
  },
  {
    key: 'plans',
    links: [
      { to: '/pricing', label: 'nav.pricing' },
      { to: '/pricing/supporters', label: 'pages.pricing-supporters.title' },
      { to: '/pricing/creators', label: 'pages.pricing-creators.title' },
      { to: '/credits', label: 'pages.credits.title' },
    ],
  },
  {
    key: 'learn',
    links: [
      { to: '/blog', label: 'nav.blog' },
      { to: '/use-cases', label: 'nav.useCases' },
      { to: '/testimonials', label: 'nav.testimonials' },
      { to: '/about', label: 'nav.about' },
      { to: '/about/personnel', label: 'nav.personnel' },
      { to: '/contact-us', label: 'nav.contact' },
    ],
  },
  {
    key: 'account',
    links: [
      { to: '/profile', label: 'nav.profile' },
      { to: '/notifications', label: 'pages.notifications.title' },
      { to: '/forgot-password', label: 'pages.forgot-password.title' },
      { to: '/apply-monetization', label: 'pages.apply-monetization.title' },
    ],
  },
  {
    key: 'legal',
    links: [
      { to: '/terms', label: 'nav.terms' },
      { to: '/privacy-policy', label: 'nav.privacy' },
      { to: '/cookie-policy', label: 'nav.cookies' },
      { to: '/csae', label: 'nav.csae' },
    ],
  },
];

export default function SiteMapPage() {
  const { t } = useTranslation();
  return (
    <PageContainer route="site-map">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('pages.site-map.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('pages.site-map.intro')}</p>
      <div className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {GROUPS.map((group) => (
          <nav key={group.key} aria-labelledby={`sitemap-${group.key}`}>
            <h2 id={`sitemap-${group.key}`} className="mb-3 text-lg font-semibold">
              {t(`pages.site-map.groups.${group.key}`)}
            </h2>
            <ul className="space-y-2">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
    </PageContainer>
  );
}
