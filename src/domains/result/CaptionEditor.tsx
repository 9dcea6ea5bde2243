import { Copy } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { captionBlanks, fillCaption } from '../../../contract/caption.ts';
import { Button } from '../../ui/Button.tsx';
import { toast } from '../../ui/toastStore.ts';
import { inputClass } from '../../ui/TextField.tsx';

/** The campaign's caption with its [[blanks]] as labelled inputs, a live preview and a copy button. */
export function CaptionEditor({ template, values, onValuesChange }: { template: string; values: readonly string[]; onValuesChange: (values: string[]) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const blanks = captionBlanks(template);
  const filled = fillCaption(template, values);

  const setValue = (index: number, value: string) => {
    const next = blanks.map((_, i) => values[i] ?? '');
    next[index] = value;
    onValuesChange(next);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(filled);
      toast({ title: t('result.caption.copied') });
    } catch {
      toast({ title: t('result.caption.copyFailed'), variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-lg border p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('result.caption.title')}
      </h2>
      {blanks.length > 0 && <p className="text-sm text-muted-foreground">{t('result.caption.lead')}</p>}
      {blanks.map((blank) => (
        <div key={blank.index}>
          <label htmlFor={`${id}-blank-${blank.index}`} className="mb-1 block text-sm font-medium">
            {blank.label || t('result.caption.blankN', { n: blank.index + 1 })}
          </label>
          <input id={`${id}-blank-${blank.index}`} value={values[blank.index] ?? ''} onChange={(event) => setValue(blank.index, event.target.value)} className={inputClass} />
        </div>
      ))}
      <figure>
        <figcaption className="mb-1 text-sm font-medium">{t('result.caption.preview')}</figcaption>
        <output htmlFor={blanks.map((blank) => `${id}-blank-${blank.index}`).join(' ') || undefined} aria-live="polite" className="block rounded-md bg-muted p-3 text-sm whitespace-pre-line">
          {filled}
        </output>
      </figure>
      <Button variant="outline" onClick={copy}>
        <Copy aria-hidden="true" />
        {t('result.caption.copy')}
      </Button>
    </section>
  );
}
