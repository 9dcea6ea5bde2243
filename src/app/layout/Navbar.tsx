import { Frame, Menu, X } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { cn } from '../../lib/cn.ts';
import { isLoggedIn, LazyAccountMenu, useAccountStore } from '../../domains/account/public.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { LazyCreateCampaignDialog } from '../../domains/create/public.ts';
import { LazyNotificationBell } from '../../domains/notification/public.ts';
import { NavbarSearch } from './NavbarSearch.tsx';
import { ThemeSwitcher } from './ThemeSwitcher.tsx';

// Only signed-in visitors see it: its menu library and the account API load with it, not with every page.

const LINKS = [
  { to: '/explore', key: 'explore' },
  { to: '/leaderboard', key: 'leaderboard' },
  { to: '/for-creators', key: 'creators' },
  { to: '/pricing', key: 'pricing' },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-md px-3 py-2 text-sm font-medium hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', isActive ? 'text-foreground' : 'text-muted-foreground');

interface NavbarProps {
  routeName: string | undefined;
  navbarSearch: boolean;
  /** Distance from the viewport top while the maintenance banner shows. */
  top: number;
}

export function Navbar({ navbarSearch, top }: NavbarProps) {
  const { t } = useTranslation();
  const [createOpen, setCreateOpen] = useState(false);
  const location = useLocation();
  // The menu belongs to the page it was opened on, so navigating closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  const loggedIn = useAccountStore(isLoggedIn);
  const openAuthModal = useAccountStore((s) => s.openAuthModal);

  return (
    <header className="sticky z-40 border-b bg-background/95 backdrop-blur" style={{ top }}>
      <nav aria-label={t('nav.main')} className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <Link to="/" className="me-2 flex items-center gap-2 rounded-md text-xl font-bold focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" aria-label={t('nav.homeLabel')}>
          <Frame className="size-6 text-primary" aria-hidden="true" />
          <span>Bingkai</span>
        </Link>
        <NavLinks className="hidden items-center gap-1 lg:flex" />
        {navbarSearch && <NavbarSearch className="ms-2 hidden max-w-xs flex-1 md:block" />}
        <div className="ms-auto flex items-center gap-1">
          <Button variant="accent" size="sm" className="hidden sm:inline-flex" onClick={() => setCreateOpen(true)}>
            {t('nav.createCampaign')}
          </Button>
          <LanguageSwitcher className="hidden sm:block" />
          <ThemeSwitcher />
          {loggedIn ? (
            <>
              <Suspense fallback={null}>
                <LazyNotificationBell />
              </Suspense>
              <Suspense fallback={<span className="inline-block size-9 rounded-full bg-muted" aria-hidden="true" />}>
                <LazyAccountMenu />
              </Suspense>
            </>
          ) : (
            <Button variant="outline" size="sm" onClick={() => openAuthModal('sign-in')}>
              {t('nav.signIn')}
            </Button>
          )}
          <Button variant="ghost" size="icon" className="lg:hidden" aria-expanded={menuOpen} aria-controls="mobile-menu" aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')} onClick={() => setMenuOpenOn(menuOpen ? null : location.pathname)}>
            {menuOpen ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
          </Button>
        </div>
      </nav>
      {menuOpen && (
        <div id="mobile-menu" className="border-t bg-background px-4 pb-4 lg:hidden">
          {navbarSearch && <NavbarSearch className="mt-3 md:hidden" />}
          <NavLinks className="mt-2 grid gap-1" />
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Button variant="accent" size="sm" className="sm:hidden" onClick={() => setCreateOpen(true)}>
              {t('nav.createCampaign')}
            </Button>
            <LanguageSwitcher className="sm:hidden" />
          </div>
        </div>
      )}
      <LazyCreateCampaignDialog open={createOpen} onOpenChange={setCreateOpen} />
    </header>
  );
}

/** The main links, shared by the desktop bar and the mobile menu. */
function NavLinks({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {LINKS.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} className={linkClass}>
            {t(`nav.${link.key}`)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
