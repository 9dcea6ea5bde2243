import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Post } from '../../../contract/post.ts';
import { Button } from '../../ui/Button.tsx';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog.tsx';
import { toast } from '../../ui/toastStore.ts';
import { CampaignCardLink } from '../../domains/campaign/CampaignCardLink.tsx';
import { PageStatus } from '../../domains/campaign/PageStatus.tsx';
import { PersonLink } from '../../domains/campaign/PersonLink.tsx';
import { ReportButton } from '../../domains/campaign/ReportButton.tsx';
import { ShareButtons } from '../../domains/campaign/ShareButtons.tsx';
import { siteUrl } from '../../domains/campaign/shareLinks.ts';
import { deletePost, fetchPost } from '../../api/posts.ts';
import { FormError } from '../../ui/TextField.tsx';
import { errorMessageKey, isApiError } from '../../api/index.ts';
import { formatDate } from '../../lib/format.ts';
import { isLoggedIn, useAccountStore } from '../../domains/account/accountStore.ts';
import { useAsync } from '../../api/useAsync.ts';
import NotFoundPage from '../../ui/NotFoundPage.tsx';

export default function PostPage() {
  const { t } = useTranslation();
  const { uri = '' } = useParams();
  const [state, retry] = useAsync((signal) => fetchPost(uri, signal), [uri]);
  if (state.status === 'success') return <PostView post={state.data} />;
  if (state.status === 'error' && isApiError(state.error) && state.error.status === 404) return <NotFoundPage />;
  return <PageStatus route="post" status={state.status} loadingLabel={t('post.loading')} errorTitle={t('post.errorTitle')} onRetry={retry} />;
}

function PostView({ post }: { post: Post }) {
  const { t, i18n } = useTranslation();
  const isAuthor = useAccountStore((s) => isLoggedIn(s) && s.username === post.author.username);
  const date = formatDate(post.createdAt, i18n.language || 'en');

  return (
    <div data-route="post" className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 md:grid-cols-2">
      <img src={post.imageUrl} alt={t('post.imageAlt', { name: post.author.name, title: post.campaign.title })} width={post.width} height={post.height} className="h-auto w-full rounded-lg border" />
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{t('post.title', { title: post.campaign.title })}</h1>
        <div className="flex flex-wrap items-center gap-3">
          <PersonLink person={post.author} label={post.author.name} />
          {date && (
            <time dateTime={post.createdAt} className="text-sm text-muted-foreground">
              {date}
            </time>
          )}
        </div>
        {post.caption && <p dir="auto" className="leading-relaxed whitespace-pre-line">{post.caption}</p>}
        <CampaignCardLink campaign={post.campaign} />
        <ShareButtons url={siteUrl(`/p/${post.uri}`)} text={t('share.postText', { title: post.campaign.title })} campaignUri={post.campaign.uri} />
        <div className="flex flex-wrap gap-2">
          {isAuthor && <DeletePostButton post={post} />}
          <ReportButton target="post" uri={post.uri} />
        </div>
      </div>
    </div>
  );
}

function DeletePostButton({ post }: { post: Post }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await deletePost(post.uri);
      toast({ title: t('post.deleted') });
      void navigate(`/${post.campaign.uri}`);
    } catch (failure) {
      setError(t(errorMessageKey(failure)));
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        {t('post.delete')}
      </Button>
      <ResponsiveDialog
        open={open}
        onOpenChange={setOpen}
        title={t('post.deleteTitle')}
        description={t('post.deleteText')}
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('post.keep')}
            </Button>
            <Button variant="destructive" onClick={confirm} disabled={busy}>
              {t('post.confirmDelete')}
            </Button>
          </>
        }
      >
        <FormError message={error} />
      </ResponsiveDialog>
    </>
  );
}
