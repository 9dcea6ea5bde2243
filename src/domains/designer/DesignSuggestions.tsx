import { Sparkles } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { tIsolated } from '../../ui/tIsolated.tsx';
import { designFromDescription, type DesignSuggestion } from './designFromDescription.ts';
import { TemplateThumbnail } from './TemplateThumbnail.tsx';

export interface DesignSuggestionsProps {
  /** Opens the chosen suggestion in the frame designer; the button stays busy until it settles. */
  onOpen(suggestion: DesignSuggestion): Promise<void>;
}

const MAX_DESCRIPTION = 200;
const THUMBNAIL_SIZE = 240;

interface Result {
  description: string;
  suggestions: DesignSuggestion[];
}

/**
 * "Describe your frame" → about three designs from the built-in templates (designFromDescription.ts), each
 * previewed and opened in the frame designer on request. Runs on the device: nothing is sent anywhere.
 */
export function DesignSuggestions({ onOpen }: DesignSuggestionsProps) {
  const { t } = useTranslation();
  const [description, setDescription] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [opening, setOpening] = useState<number | null>(null);

  const suggest = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = description.trim();
    setResult({ description: trimmed, suggestions: designFromDescription(trimmed, { kind: 'frame', untitled: (template) => t(template.nameKey) }) });
  };
  const open = async (index: number, suggestion: DesignSuggestion) => {
    setOpening(index);
    try {
      await onOpen(suggestion);
    } finally {
      setOpening(null);
    }
  };

  const matched = result?.suggestions.some((suggestion) => suggestion.matches.length > 0) ?? false;
  return (
    <div className="flex flex-col gap-8">
      <form onSubmit={suggest} className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-start">
        <TextField
          className="min-w-0 flex-1"
          label={t('pages.ai-twibbon.field')}
          name="description"
          value={description}
          onValueChange={setDescription}
          hint={t('pages.ai-twibbon.hint')}
          maxLength={MAX_DESCRIPTION}
          autoComplete="off"
          dir="auto"
        />
        <Button type="submit" className="sm:mt-6">
          <Sparkles aria-hidden="true" />
          {t('pages.ai-twibbon.submit')}
        </Button>
      </form>
      {/* Announced when suggestions appear or change; focus stays where the person is typing. */}
      <output aria-live="polite" className="block text-sm text-muted-foreground">
        {result && (matched ? tIsolated(t, 'pages.ai-twibbon.statusMatched', { description: result.description }) : t('pages.ai-twibbon.statusGeneral'))}
      </output>
      {result && <SuggestionList suggestions={result.suggestions} opening={opening} onOpen={open} />}
    </div>
  );
}

function SuggestionList({ suggestions, opening, onOpen }: { suggestions: DesignSuggestion[]; opening: number | null; onOpen(index: number, suggestion: DesignSuggestion): void }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('pages.ai-twibbon.results')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {suggestions.map((suggestion, index) => {
          const name = t(suggestion.template.nameKey);
          const nameId = `${headingId}-${index}`;
          return (
            <li key={`${index}-${suggestion.template.id}`} className="flex flex-col gap-3 rounded-lg border bg-card p-3" data-template-id={suggestion.template.id}>
              <span className="flex aspect-square w-full items-center justify-center overflow-hidden rounded-md bg-muted/60">
                <TemplateThumbnail document={suggestion.document} size={THUMBNAIL_SIZE} label={t('pages.ai-twibbon.preview', { name })} />
              </span>
              <div className="flex flex-col gap-1">
                <h3 id={nameId} className="font-medium">
                  {name}
                </h3>
                <p className="text-xs tabular-nums text-muted-foreground">{t('design.start.size', { width: suggestion.document.width, height: suggestion.document.height })}</p>
                <p className="text-sm text-muted-foreground">
                  {suggestion.matches.length > 0 ? tIsolated(t, 'pages.ai-twibbon.matched', { words: suggestion.matches.join(', ') }) : t('pages.ai-twibbon.general')}
                </p>
              </div>
              <Button variant="outline" className="mt-auto" aria-describedby={nameId} disabled={opening !== null} aria-busy={opening === index} onClick={() => onOpen(index, suggestion)}>
                {t(opening === index ? 'pages.ai-twibbon.opening' : 'pages.ai-twibbon.open')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
