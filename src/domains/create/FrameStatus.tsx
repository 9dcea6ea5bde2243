import { CircleAlert, CircleCheck } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignType } from '../../../contract/campaign.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { cn } from '../../lib/cn.ts';
import type { FrameDraft } from './frameDrafts.ts';

/**
 * A frame's check status: the refusal, or what the analysis found (`summary`: draftHoleSummary's sentences, under
 * an id the frame's button is described by) and the upload's progress.
 */
export function FrameStatus({ draft, type, summary }: { draft: FrameDraft; type: CampaignType; summary: { id: string; sentences: string[] } }) {
  const { t } = useTranslation();
  const { analysis, upload } = draft;
  if (upload.status === 'refused') {
    const { refusal } = upload;
    return (
      <div role="alert" data-testid="frame-refusal" className="flex items-start gap-2 rounded-md bg-destructive/10 p-2 text-sm text-destructive">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-medium">{t(`create.refusal.${refusal.key}`, { ...refusal.values, context: type })}</p>
          {refusal.detail && <p className="text-xs opacity-80">{refusal.detail}</p>}
          {refusal.errorCode && <p className="text-xs opacity-80">{t(`errors.${refusal.errorCode}`)}</p>}
        </div>
      </div>
    );
  }
  const lines: { key: string; text: string; tone: 'busy' | 'ok' | 'warn' | 'muted'; sentences?: string[] }[] = [];
  if (analysis.status === 'pending') lines.push({ key: 'analysis', text: t('create.frames.analysing', { context: type }), tone: 'busy' });
  if (analysis.status === 'failed') lines.push({ key: 'analysis', text: t(`errors.pipeline.${analysis.code}`), tone: 'warn' });
  const { sentences } = summary;
  if (sentences.length > 0) lines.push({ key: 'analysis', text: sentences.join(' '), tone: 'muted', sentences });
  if (upload.status === 'waiting') lines.push({ key: 'upload', text: t('create.frames.waitingSignIn'), tone: 'muted' });
  if (upload.status === 'uploading') lines.push({ key: 'upload', text: t('create.frames.uploading'), tone: 'busy' });
  if (upload.status === 'checked') lines.push({ key: 'upload', text: t('create.frames.checked', { width: upload.checked.width, height: upload.checked.height }), tone: 'ok' });
  return (
    <ul className="flex flex-col gap-1 text-sm" aria-live="polite">
      {lines.map((line) => (
        <li
          key={line.key}
          id={line.sentences ? summary.id : undefined}
          data-testid={line.sentences ? 'hole-summary' : undefined}
          className={cn('flex items-center gap-2', line.tone === 'warn' && 'text-amber-700 dark:text-amber-400', line.tone === 'ok' && 'text-emerald-700 dark:text-emerald-400', line.tone === 'muted' && 'text-muted-foreground')}
        >
          {line.tone === 'busy' && <Spinner size="sm" label={line.text} />}
          {line.tone === 'ok' && <CircleCheck className="size-4" aria-hidden="true" />}
          {line.tone === 'warn' && <CircleAlert className="size-4" aria-hidden="true" />}
          {line.sentences ? (
            <span className="flex flex-col gap-0.5">
              {/* The spaces keep the sentences apart where a screen reader reads them as one description. */}
              {line.sentences.map((sentence, index) => (
                <Fragment key={index}>
                  {index > 0 && ' '}
                  <span>{sentence}</span>
                </Fragment>
              ))}
            </span>
          ) : (
            <span aria-hidden={line.tone === 'busy' ? true : undefined}>{line.text}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
