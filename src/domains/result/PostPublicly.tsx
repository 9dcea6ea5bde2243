import { Globe } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { errorMessageKey } from '../../api/index.ts';
import { isLoggedIn, useAccountStore } from '../account/public.ts';
import { FormError } from '../../ui/TextField.tsx';
import { publishPost } from '../../api/posts.ts';

/**
 * The explicit opt-in to publish the result at /p/{uri}: the only step that uploads the picture. A visitor who
 * is not signed in signs in first (the auth modal), and the post goes out once they are.
 */
export function PostPublicly({ campaignUri, image, caption }: { campaignUri: string; image: Blob; caption: string }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const openAuthModal = useAccountStore((s) => s.openAuthModal);
  const [optIn, setOptIn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [waitingForSignIn, setWaitingForSignIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stopWaiting = useRef<(() => void) | null>(null);

  useEffect(() => () => stopWaiting.current?.(), []);

  const publish = async () => {
    setBusy(true);
    setError(null);
    try {
      const post = await publishPost({ campaignUri, image, caption });
      void navigate(`/p/${post.uri}`);
    } catch (failure) {
      setError(t(errorMessageKey(failure)));
      setBusy(false);
    }
  };

  const start = () => {
    if (isLoggedIn(useAccountStore.getState())) return void publish();
    setWaitingForSignIn(true);
    openAuthModal('sign-in');
    const finish = () => {
      stopWaiting.current?.();
      stopWaiting.current = null;
      setWaitingForSignIn(false);
    };
    stopWaiting.current = useAccountStore.subscribe((state) => {
      if (isLoggedIn(state)) {
        finish();
        void publish();
      } else if (!state.modal.show) finish();
    });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-lg border p-4">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <Globe className="size-5" aria-hidden="true" />
        {t('result.post.title')}
      </h2>
      <div className="flex items-start gap-3">
        <input id={`${id}-opt-in`} type="checkbox" checked={optIn} onChange={(event) => setOptIn(event.target.checked)} aria-describedby={`${id}-explain`} className="mt-1 size-4 accent-primary" />
        <div>
          <label htmlFor={`${id}-opt-in`} className="text-sm font-medium">
            {t('result.post.optIn')}
          </label>
          <p id={`${id}-explain`} className="text-sm text-muted-foreground">
            {t('result.post.explain')}
          </p>
        </div>
      </div>
      <FormError message={error} />
      {waitingForSignIn && (
        <output className="block text-sm text-muted-foreground">
          {t('result.post.signInFirst')}
        </output>
      )}
      <Button onClick={start} disabled={!optIn || busy || waitingForSignIn}>
        {busy ? t('result.post.posting') : t('result.post.submit')}
      </Button>
    </section>
  );
}
