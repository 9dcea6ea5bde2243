import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { fetchProfilePosts } from '../../api/creatorProfiles.ts';
import { useAsync } from '../../api/useAsync.ts';
import { DEFAULT_PER_PAGE, pageParam, Pagination } from '../../ui/Pagination.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

/** Results the creator published (/p/{uri}) with public campaigns, 10 per page (?posts= in the URL); hidden when there are none. */
export function ProfilePosts({ username, total }: { username: string; total: number }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const page = pageParam(search.get('posts'));
  const [state] = useAsync((signal) => (total > 0 ? fetchProfilePosts(username, page, DEFAULT_PER_PAGE, signal) : Promise.resolve(null)), [username, page, total]);
  if (total === 0) return null;
  const goTo = (next: number) => {
    const params = new URLSearchParams(search);
    if (next === 1) params.delete('posts');
    else params.set('posts', String(next));
    setSearch(params);
    document.getElementById('profile-posts')?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <section aria-labelledby="profile-posts" className="flex scroll-mt-20 flex-col gap-4">
      <h2 id="profile-posts" className="text-xl font-semibold tracking-tight">
        {t('creatorProfile.posts')}
      </h2>
      {state.status === 'loading' && (
        <div className="flex justify-center py-12">
          <Spinner label={t('creatorProfile.loadingPosts')} busy />
        </div>
      )}
      {state.status === 'error' && <p className="text-sm text-muted-foreground">{t('creatorProfile.postsError')}</p>}
      {state.status === 'success' && state.data && (
        <>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {state.data.items.map((post) => (
              <li key={post.uri}>
                <Link to={`/p/${post.uri}`} className="group block overflow-hidden rounded-lg border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                  <img src={post.imageUrl} alt={t('creatorProfile.postAlt', { title: post.campaign.title })} loading="lazy" className="aspect-square w-full object-cover transition-transform group-hover:scale-105" />
                </Link>
              </li>
            ))}
          </ul>
          <Pagination page={page} total={state.data.total} perPage={DEFAULT_PER_PAGE} onPageChange={goTo} className="mt-2" />
        </>
      )}
    </section>
  );
}
