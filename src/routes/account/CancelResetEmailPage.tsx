import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { errorMessage } from '../../domains/account/formErrors.ts';
import { FormError } from '../../ui/TextField.tsx';
import { cancelEmailChange } from '../../domains/account/accountActions.ts';
import { PageContainer } from '../../ui/PageContainer.tsx';

type Status = 'idle' | 'sending' | 'done';

/** From the mail sent to the old address: /reset-email/{ticket}?uuid=… cancels the pending change. */
export default function CancelResetEmailPage() {
  const { t } = useTranslation();
  const { ticket = '' } = useParams();
  const [search] = useSearchParams();
  const uuid = search.get('uuid') ?? '';
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);
  const complete = ticket !== '' && uuid !== '';

  const cancel = () => {
    setStatus('sending');
    setError(null);
    cancelEmailChange(uuid, ticket).then(
      () => setStatus('done'),
      (caught: unknown) => {
        setStatus('idle');
        setError(errorMessage(caught));
      },
    );
  };

  return (
    <PageContainer route="cancel-reset-email" className="max-w-md">
      <h1 className="text-3xl font-bold tracking-tight">{t('profile.cancelEmail.title')}</h1>
      {status === 'done' ? (
        <output className="block mt-4">
          {t('profile.cancelEmail.done')}
        </output>
      ) : (
        <div className="mt-4 space-y-4">
          <p className="text-muted-foreground">{complete ? t('profile.cancelEmail.lead') : t('profile.cancelEmail.incomplete')}</p>
          <FormError message={error} />
          {complete && (
            <Button onClick={cancel} disabled={status === 'sending'}>
              {status === 'sending' ? t('auth.working') : t('profile.cancelEmail.submit')}
            </Button>
          )}
        </div>
      )}
      <Button variant="link" className="mt-4 px-0" asChild>
        <Link to="/">{t('pages.actions.home')}</Link>
      </Button>
    </PageContainer>
  );
}
