import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCaptchaChallenge } from './accountActions.ts';
import { Button } from '../../ui/Button.tsx';
import { errorMessage } from './formErrors.ts';

interface AltchaWidget extends HTMLElement {
  configure: (config: Record<string, unknown>) => Promise<void>;
  reset: () => void;
}

/** The widget and its worker code are big: they load with the first captcha shown. */
async function loadWidget(language: string): Promise<void> {
  await import('altcha');
  if (language.startsWith('id')) await import('altcha/i18n/id');
}

export interface CaptchaFieldProps {
  /** The base64 ALTCHA payload once solved, null while unsolved. */
  onChange: (payload: string | null) => void;
  /** Changing it fetches a fresh challenge (a payload is good for one request). */
  resetKey?: number;
}

/**
 * ALTCHA proof-of-work captcha. The challenge comes through the signed API client (every
 * /api/v2 call is signed), so the widget is handed the challenge object instead of a URL; it
 * solves it in blob workers, which the CSP allows (worker-src 'self' blob:).
 */
export function CaptchaField({ onChange, resetKey = 0 }: CaptchaFieldProps) {
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    let cancelled = false;
    const widget = document.createElement('altcha-widget') as AltchaWidget;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail;
      report.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    // An expired challenge cannot be solved again: fetch a new one.
    const onExpired = () => setAttempt((n) => n + 1);
    widget.addEventListener('statechange', onState);
    widget.addEventListener('expired', onExpired);
    container.replaceChildren(widget);
    report.current(null);
    setError(null);
    (async () => {
      await loadWidget(i18n.language);
      const challenge = await fetchCaptchaChallenge();
      if (cancelled) return;
      await widget.configure({ challenge, hideFooter: true, language: i18n.language.startsWith('id') ? 'id' : 'en', auto: 'off' });
    })().catch((caught: unknown) => {
      if (cancelled) return;
      console.error('Captcha could not load', caught);
      setError(errorMessage(caught));
    });
    return () => {
      cancelled = true;
      widget.removeEventListener('statechange', onState);
      widget.removeEventListener('expired', onExpired);
      widget.remove();
    };
  }, [i18n.language, resetKey, attempt]);

  return (
    <div className="space-y-2">
      <div ref={host} data-testid="captcha" />
      {error && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
          <span>
            {t('auth.captchaFailed')} {error}
          </span>
          <Button type="button" size="sm" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
            {t('auth.retry')}
          </Button>
        </div>
      )}
    </div>
  );
}
