import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { captionBlanks } from '../../../contract/caption.ts';
import { CAMPAIGN_LIMITS } from '../../../contract/campaignWrite.ts';
import { TextField } from '../../ui/TextField.tsx';

/** The caption template; each [[label]] becomes a blank the supporter fills in, listed live below. */
export function CaptionField({ value, onValueChange, error }: { value: string; onValueChange: (value: string) => void; error?: string | undefined }) {
  const { t } = useTranslation();
  const listId = useId();
  const blanks = captionBlanks(value);
  return (
    <div className="flex flex-col gap-2">
      <TextField multiline name="caption" label={t('create.fields.caption')} value={value} onValueChange={onValueChange} error={error} maxLength={CAMPAIGN_LIMITS.captionMax} hint={t('create.fields.captionHint')} />
      <div aria-live="polite">
        <p id={listId} className="text-sm font-medium">
          {t('create.fields.blanks', { count: blanks.length })}
        </p>
        {blanks.length > 0 && (
          <ol aria-labelledby={listId} className="mt-1 flex flex-wrap gap-2" data-testid="caption-blanks">
            {blanks.map((blank) => (
              <li key={blank.index} className="rounded-full border bg-muted px-2 py-0.5 text-xs">
                {blank.label || t('create.fields.blankUnnamed', { number: blank.index + 1 })}
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
