import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIsStaff } from '../staff/public.ts';
import { logout } from './accountActions.ts';
import { useAccountStore } from './accountStore.ts';
import { Avatar } from './Avatar.tsx';

const itemClass = 'cursor-pointer rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted';

/** The navbar's account menu: profile, settings, sign out. */
export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = useAccountStore((s) => s.name);
  const avatar = useAccountStore((s) => s.avatar);
  const staff = useIsStaff(useAccountStore((s) => s.uuid) || null);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger aria-label={t('profile.menu.label', { name })} className="rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        <Avatar src={avatar} name="" className="size-9" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-48 rounded-lg border bg-background p-1 shadow-lg">
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-muted-foreground">{name}</DropdownMenu.Label>
          <DropdownMenu.Item className={itemClass} onSelect={() => void navigate('/profile')}>
            {t('profile.menu.profile')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => void navigate('/profile/profile-settings')}>
            {t('profile.menu.settings')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => void navigate('/profile/earnings')}>
            {t('monetization.menu.earnings')}
          </DropdownMenu.Item>
          {staff && (
            <DropdownMenu.Item className={itemClass} onSelect={() => void navigate('/staff')}>
              {t('staff.menu.console')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => {
              logout();
              void navigate('/');
            }}
          >
            {t('profile.menu.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
