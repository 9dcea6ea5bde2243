import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Campaign search; submits to /explore/campaign?q=… */
export function searchUrl(query: string): string {
  const q = query.trim();
  return q ? `/explore/campaign?q=${encodeURIComponent(q)}` : '/explore/campaign';
}

export function NavbarSearch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [query, setQuery] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(searchUrl(query));
  };
  return (
    <search className={className}>
      <form onSubmit={submit}>
        <label htmlFor={id} className="sr-only">
          {t('nav.search.label')}
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <input
            id={id}
            type="search"
            name="q"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('nav.search.placeholder')}
            className="h-10 w-full rounded-full border bg-background pr-3 pl-9 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          />
        </div>
      </form>
    </search>
  );
}
