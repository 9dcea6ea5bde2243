import { Check, Plus, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectionCampaign, CollectionCandidate } from '../../../contract/collection.ts';
import { fetchCollectionCandidates } from '../../api/collections.ts';
import { formatNumber } from '../../lib/format.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { inputClass } from '../../ui/TextField.tsx';

export const CANDIDATE_SEARCH_DELAY_MS = 250;

type Candidates = { status: 'loading' } | { status: 'error' } | { status: 'done'; items: CollectionCandidate[] };

/** Finds campaigns to add by title: the creator's own (any visibility) and public ones. */
export function CampaignPicker({ chosen, onAdd }: { chosen: readonly string[]; onAdd: (campaign: CollectionCampaign) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const text = query.trim();
  // The answer for the text it was asked with; a newer text is loading until its own answer comes.
  const [answer, setAnswer] = useState<{ text: string; state: Candidates } | null>(null);
  const state: Candidates = answer?.text === text ? answer.state : { status: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchCollectionCandidates(text, controller.signal).then(
        (items) => !controller.signal.aborted && setAnswer({ text, state: { status: 'done', items } }),
        () => !controller.signal.aborted && setAnswer({ text, state: { status: 'error' } }),
      );
    }, CANDIDATE_SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t('collection.picker.label')}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 inset-s-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <input
          id={id}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('collection.picker.placeholder')}
          maxLength={100}
          aria-describedby={`${id}-status`}
          className={`${inputClass} ps-9`}
        />
      </div>
      {state.status === 'loading' && <Spinner size="sm" label={t('collection.picker.loading')} />}
      <output id={`${id}-status`} className="text-sm text-muted-foreground">
        {state.status === 'error' && t('collection.picker.error')}
        {state.status === 'done' && state.items.length === 0 && t('collection.picker.empty')}
      </output>
      {state.status === 'done' && state.items.length > 0 && (
        <ul className="max-h-72 divide-y overflow-y-auto rounded-lg border" aria-label={t('collection.picker.results')}>
          {state.items.map((candidate) => {
            const added = chosen.includes(candidate.uri);
            return (
              <li key={candidate.uri} className="flex items-center gap-3 p-2" data-candidate-uri={candidate.uri}>
                <img src={candidate.thumbnailUrl} alt="" className="size-10 shrink-0 rounded border object-contain" loading="lazy" />
                <div className="min-w-0 flex-1">
                  <p dir="auto" className="line-clamp-1 text-sm font-medium">{candidate.title}</p>
                  <p className="text-xs text-muted-foreground">
                    {candidate.own ? t('collection.picker.yours') : t('collection.picker.by', { name: candidate.creator.name })}
                    {' · '}
                    {t('collection.supporters', { count: candidate.supportersCount, formatted: formatNumber(candidate.supportersCount, i18n.language || 'en') })}
                    {candidate.visibility !== 'public' && ` · ${t(`collection.campaignVisibility.${candidate.visibility}`)}`}
                  </p>
                </div>
                <Button
                  type="button"
                  size="sm"
                  variant={added ? 'ghost' : 'outline'}
                  disabled={added}
                  aria-label={added ? t('collection.picker.addedNamed', { title: candidate.title }) : t('collection.picker.addNamed', { title: candidate.title })}
                  onClick={() => {
                    const { own: _own, ...campaign } = candidate;
                    onAdd(campaign);
                  }}
                >
                  {added ? <Check aria-hidden="true" /> : <Plus aria-hidden="true" />}
                  {added ? t('collection.picker.added') : t('collection.picker.add')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
