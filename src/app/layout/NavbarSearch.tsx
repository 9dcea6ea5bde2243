import { LibraryBig, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Suggestions } from '../../../contract/search.ts';
import { SEARCH_LIMITS } from '../../../contract/searchLimits.ts';
import { fetchSuggestions } from '../../api/search.ts';

/** Campaign search results: the explore page; submits to /explore/campaign?q=… */
export function searchUrl(query: string): string {
  const q = query.trim();
  return q ? `/explore/campaign?q=${encodeURIComponent(q)}` : '/explore/campaign';
}

/** Wait after the last keystroke before asking for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 200;
/** Fewer characters than this suggest nothing (one letter matches half the catalogue). */
export const SUGGEST_MIN_CHARS = 2;

interface Option {
  id: string;
  /** Where choosing it leads. */
  to: string;
  label: string;
  detail?: string;
  image?: string | null;
  kind: 'campaign' | 'creator' | 'collection' | 'all';
}

type Status = 'idle' | 'loading' | 'ready' | 'error';

function optionsOf(idPrefix: string, suggestions: Suggestions): Option[] {
  return [
    ...suggestions.campaigns.map((item): Option => ({ id: `${idPrefix}-campaign-${item.uri}`, to: `/${item.uri}`, label: item.title, image: item.thumbnailUrl, kind: 'campaign' })),
    ...suggestions.creators.map((item): Option => ({ id: `${idPrefix}-creator-${item.username}`, to: `/u/${item.username}`, label: item.name, detail: `@${item.username}`, image: item.avatarUrl, kind: 'creator' })),
    ...suggestions.collections.map((item): Option => ({ id: `${idPrefix}-collection-${item.uri}`, to: `/c/${item.uri}`, label: item.title, image: item.coverUrl, kind: 'collection' })),
  ];
}

/**
 * The navbar's search box: a combobox (ARIA 1.2) suggesting campaigns, creators and collections as one types
 * (debounced; a newer keystroke cancels the request before it), with Up/Down to move, Enter to open the active
 * suggestion or, with none active, the results page, and Escape to close the list.
 */
export function NavbarSearch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const [active, setActive] = useState(-1);
  const latest = useRef<AbortController | null>(null);

  const trimmed = query.trim();
  const enough = trimmed.length >= SUGGEST_MIN_CHARS;

  useEffect(() => {
    latest.current?.abort();
    if (!enough) return;
    const controller = new AbortController();
    latest.current = controller;
    const timer = setTimeout(() => {
      setStatus('loading');
      fetchSuggestions(trimmed, controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          setSuggestions(found);
          setStatus('ready');
          setActive(-1);
        },
        () => {
          if (!controller.signal.aborted) setStatus('error');
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, enough]);

  const shown = enough ? suggestions : null;
  const options: Option[] = enough
    ? [...(shown ? optionsOf(id, shown) : []), { id: `${id}-all`, to: searchUrl(trimmed), label: t('search.seeAll', { query: trimmed }), kind: 'all' }]
    : [];
  const expanded = open && options.length > 0;
  const activeOption = expanded && active >= 0 ? options[active] : undefined;

  const go = (to: string) => {
    latest.current?.abort();
    setOpen(false);
    setActive(-1);
    setQuery('');
    navigate(to);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(activeOption ? activeOption.to : searchUrl(query));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!expanded) {
        setOpen(true);
        setActive(step === 1 ? 0 : options.length - 1);
        return;
      }
      // Past either end the input itself is active again (no option), as in the ARIA combobox pattern.
      setActive((current) => {
        const next = current + step;
        if (next >= options.length) return -1;
        if (next < -1) return options.length - 1;
        return next;
      });
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (query) {
        event.preventDefault();
        setQuery('');
      }
    }
  };

  const groups: { kind: Option['kind']; label: string }[] = [
    { kind: 'campaign', label: t('search.groups.campaigns') },
    { kind: 'creator', label: t('search.groups.creators') },
    { kind: 'collection', label: t('search.groups.collections') },
  ];
  const indexOf = (option: Option) => options.indexOf(option);
  const hasSuggestions = options.length > 1;

  return (
    <search className={className}>
      <form onSubmit={submit}>
        <label htmlFor={id} className="sr-only">
          {t('nav.search.label')}
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 inset-s-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <input
            id={id}
            type="search"
            name="q"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={activeOption?.id}
            value={query}
            maxLength={SEARCH_LIMITS.queryMax}
            onChange={(event) => {
              setQuery(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
            placeholder={t('nav.search.placeholder')}
            className="h-10 w-full rounded-full border bg-background pe-3 ps-9 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          />
          <div
            id={listboxId}
            // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a <select> cannot be a combobox popup with groups and pictures (ARIA 1.2 combobox)
            role="listbox"
            aria-label={t('search.suggestions')}
            hidden={!expanded}
            className="absolute inset-x-0 top-full z-50 mt-2 max-h-[70vh] min-w-72 overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg"
          >
            {groups.map((group) => {
              const members = options.filter((option) => option.kind === group.kind);
              if (members.length === 0) return null;
              const labelId = `${id}-group-${group.kind}`;
              return (
                // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a group of listbox options (ARIA), not a form fieldset
                <div key={group.kind} role="group" aria-labelledby={labelId}>
                  <div id={labelId} role="presentation" className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                    {group.label}
                  </div>
                  {members.map((option) => (
                    <SuggestionOption key={option.id} option={option} active={indexOf(option) === active} onChoose={() => go(option.to)} onHover={() => setActive(indexOf(option))} />
                  ))}
                </div>
              );
            })}
            {enough && status === 'ready' && !hasSuggestions && (
              <p role="presentation" className="px-2 py-2 text-sm text-muted-foreground">
                {t('search.noSuggestions')}
              </p>
            )}
            {options
              .filter((option) => option.kind === 'all')
              .map((option) => (
                <SuggestionOption key={option.id} option={option} active={indexOf(option) === active} onChoose={() => go(option.to)} onHover={() => setActive(indexOf(option))} />
              ))}
          </div>
          <p className="sr-only" aria-live="polite">
            {expanded && enough && status === 'loading' ? t('search.loading') : ''}
            {expanded && enough && status === 'ready' ? t('search.count', { count: options.length - 1 }) : ''}
            {expanded && enough && status === 'error' ? t('search.error') : ''}
          </p>
        </div>
      </form>
    </search>
  );
}

function SuggestionOption({ option, active, onChoose, onHover }: { option: Option; active: boolean; onChoose: () => void; onHover: () => void }) {
  return (
    // The input keeps the focus and takes the keys (aria-activedescendant): an option is only clicked, never focused.
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the input's (ARIA 1.2 combobox)
    <div
      id={option.id}
      // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- an <option> lives only in a <select>
      role="option"
      tabIndex={-1}
      aria-selected={active}
      data-to={option.to}
      // Keeps the focus in the input, so the list does not close before the click lands.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
      onMouseMove={onHover}
      className={`flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm ${active ? 'bg-accent text-accent-foreground' : ''} ${option.kind === 'all' ? 'mt-1 border-t font-medium' : ''}`}
    >
      {option.kind === 'all' ? (
        <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      ) : option.image ? (
        <img src={option.image} alt="" className={`size-8 shrink-0 object-cover ${option.kind === 'creator' ? 'rounded-full' : 'rounded'}`} />
      ) : (
        <span aria-hidden="true" className={`flex size-8 shrink-0 items-center justify-center bg-muted text-muted-foreground ${option.kind === 'creator' ? 'rounded-full' : 'rounded'}`}>
          {option.kind === 'collection' ? <LibraryBig className="size-4" /> : option.label.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="min-w-0">
        <span className="block truncate">{option.label}</span>
        {option.detail && (
          <span className="block truncate text-xs text-muted-foreground">
            <bdi>{option.detail}</bdi>
          </span>
        )}
      </span>
    </div>
  );
}
