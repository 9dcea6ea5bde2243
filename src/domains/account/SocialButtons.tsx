import { useTranslation } from 'react-i18next';
import type { SocialProvider } from '../../../contract/accountProfile.ts';
import { Button } from '../../ui/Button.tsx';
import { socialClientIds } from './socialConfig.ts';

export const SOCIAL_PROVIDERS: readonly SocialProvider[] = ['google', 'facebook'];

/**
 * Google and Facebook sign-in. A provider is only usable when its client id is configured (the server then
 * allows its hosts in the CSP); its SDK loads when the visitor clicks, never when the buttons render.
 */
export function SocialButtons({ onSelect, disabled }: { onSelect: (provider: SocialProvider) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {SOCIAL_PROVIDERS.map((provider) => {
        const configured = socialClientIds[provider] !== null;
        return (
          <Button
            key={provider}
            type="button"
            variant="outline"
            disabled={disabled || !configured}
            title={configured ? undefined : t('auth.social.unavailable')}
            onClick={() => onSelect(provider)}
          >
            {t(`auth.social.${provider}`)}
          </Button>
        );
      })}
      {SOCIAL_PROVIDERS.some((provider) => socialClientIds[provider] === null) && <p className="text-xs text-muted-foreground sm:col-span-2">{t('auth.social.unavailable')}</p>}
    </div>
  );
}
