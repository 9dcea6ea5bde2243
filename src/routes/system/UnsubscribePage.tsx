import { MailMinus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { unsubscribe as unsubscribeLink } from '../../domains/account/accountActions.ts';
import { SUPPORT_EMAIL } from '../../lib/supportEmail.ts';
import { SystemPage } from '../../ui/SystemPage.tsx';

type Status = 'idle' | 'sending' | 'done' | 'failed';

export default function UnsubscribePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const email = search.get('email') ?? '';
  const type = search.get('type') ?? 'all';
  // The signed token from the mail link proves the address is the reader's own.
  const token = search.get('token') ?? '';
  const [status, setStatus] = useState<Status>('idle');

  const unsubscribe = async () => {
    setStatus('sending');
    try {
      await unsubscribeLink({ email, type, token });
      setStatus('done');
    } catch (error) {
      console.error('Unsubscribe failed', error);
      setStatus('failed');
    }
  };

  const mailto = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(t('pages.unsubscribe.mailSubject'))}&body=${encodeURIComponent(email)}`;
  const text = status === 'done' ? t('pages.unsubscribe.done', { email }) : email ? t('pages.unsubscribe.text', { email }) : t('pages.unsubscribe.noEmail');
  return (
    <SystemPage standalone route="unsubscribe" icon={<MailMinus className="size-12" aria-hidden="true" />} title={t('pages.unsubscribe.title')} text={text}>
      {status === 'failed' && (
        <p role="alert" className="w-full text-sm">
          {t('pages.unsubscribe.failed')}{' '}
          <a href={mailto} className="font-medium underline underline-offset-2">
            {SUPPORT_EMAIL}
          </a>
        </p>
      )}
      {email && status !== 'done' && (
        <Button onClick={unsubscribe} disabled={status === 'sending'}>
          {t('pages.unsubscribe.confirm')}
        </Button>
      )}
      {!email && (
        <Button asChild>
          <a href={mailto}>{t('pages.unsubscribe.writeUs')}</a>
        </Button>
      )}
      <Button variant="outline" asChild>
        <Link to="/">{t('pages.actions.home')}</Link>
      </Button>
    </SystemPage>
  );
}
