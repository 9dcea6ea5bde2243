import { ArrowLeft } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DESIGN_LIMITS, type DesignDocument } from '../../../contract/design.ts';
import { slugify } from '../../../core/resultFileName.ts';
import { Button } from '../../ui/Button.tsx';
import { DirectionalIcon } from '../../ui/DirectionalIcon.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import type { CampaignType } from '../../../contract/campaign.ts';
import { useDesignAutosaveState, type DesignAutosave } from './useDesignAutosave.ts';
import { isApiError } from '../../api/index.ts';
import { minWidth } from '../../lib/breakpoints.ts';
import { cn } from '../../lib/cn.ts';
import { useMediaQuery } from '../../lib/useMediaQuery.ts';
import { isPipelineError, type LoadedFrame, type Pipeline } from '../../pipeline/index.ts';
import { useDesignStore } from './designStore.ts';
import { DesignCanvas } from './DesignCanvas.tsx';
import { DesignContextMenu } from './DesignContextMenu.tsx';
import { DesignToolbar } from './DesignToolbar.tsx';
import { LayersPanel } from './LayersPanel.tsx';
import { PropertiesPanel } from './PropertiesPanel.tsx';
import { SamplePreviewControls } from './SamplePreviewControls.tsx';
import { useDesignShortcuts } from './useDesignShortcuts.ts';
import { useSamplePreview } from './useSamplePreview.ts';

export interface FrameDesignerProps {
  type: CampaignType;
  /** The create page's pipeline: it exports the design and decodes the face sample. */
  pipeline: Pipeline | null;
  pipelineSupported: boolean;
  signedIn: boolean;
  /** The exported PNG (`{design-name}.png`), for the campaign form. */
  /** The exported PNG, and its analysis by the pipeline, so the form does not analyse it again. */
  onUse: (file: File, loaded: LoadedFrame) => void;
  onClose: () => void;
}

/** A failure belongs to the revision it was exported from: the next edit hides it. */
type ExportState = { status: 'idle' } | { status: 'running' } | { status: 'failed'; message: string; revision: number };

/** The design's PNG file name: its name as a slug, or "design". */
export const designFileName = (document: Pick<DesignDocument, 'name'>) => `${slugify(document.name) || 'design'}.png`;

/**
 * The frame designer: the store's document on a Konva canvas with the toolbar, the layers and
 * properties panels (tabs below the canvas on phones), the context menu, keyboard shortcuts on the
 * whole region, continuous autosave, a live face-sample preview in the main hole, and the export
 * that hands the PNG to the campaign form.
 */
export function FrameDesigner(props: FrameDesignerProps) {
  const document = useDesignStore((state) => state.document);
  return document ? <LoadedDesigner {...props} document={document} /> : null;
}

function LoadedDesigner({ type, pipeline, pipelineSupported, signedIn, onUse, onClose, document }: FrameDesignerProps & { document: DesignDocument }) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLElement>(null);
  const nameId = useId();
  const wide = useMediaQuery(minWidth('lg'));
  const [panel, setPanel] = useState<'layers' | 'properties'>('properties');
  const [menuAt, setMenuAt] = useState<{ clientX: number; clientY: number } | null>(null);
  const [showSample, setShowSample] = useState(true);
  const [sample, setSample] = useState(0);
  const [exporting, setExporting] = useState<ExportState>({ status: 'idle' });
  const exportRun = useRef<AbortController | null>(null);
  const revision = useDesignStore((state) => state.revision);
  // Leaving the designer stops an export still running.
  useEffect(() => () => exportRun.current?.abort(), []);

  useDesignShortcuts(rootRef);
  const autosave = useDesignAutosaveState({ signedIn });
  const preview = useSamplePreview({ pipeline, document, enabled: showSample && pipelineSupported, sample });

  const rename = (name: string) => {
    useDesignStore.getState().dispatch({ type: 'updateDocument', patch: { name: name.slice(0, DESIGN_LIMITS.maxNameLength) } }, { label: 'rename', mergeKey: 'rename' });
  };

  const exportAndUse = async () => {
    const { document: current, revision: exported } = useDesignStore.getState();
    if (!pipeline || !current) return;
    exportRun.current?.abort();
    const controller = new AbortController();
    exportRun.current = controller;
    setExporting({ status: 'running' });
    try {
      const { png, frame } = await pipeline.exportDesign(current, { signal: controller.signal });
      if (controller.signal.aborted) return;
      setExporting({ status: 'idle' });
      onUse(new File([png], designFileName(current), { type: 'image/png' }), frame);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn('The design export failed', error);
      const code = isPipelineError(error) ? error.code : null;
      const reason = code ? t([`design.designer.exportErrors.${code}`, `errors.pipeline.${code}`]) : t('design.designer.exportErrors.unknown');
      setExporting({ status: 'failed', message: t('design.designer.exportFailed', { reason }), revision: exported });
    }
  };

  const layers = <LayersPanel className={cn('rounded-lg border', wide && 'max-h-[40dvh]')} />;
  const properties = <PropertiesPanel className={cn('rounded-lg border', wide && 'max-h-[calc(100dvh-15rem)]')} />;

  return (
    <section ref={rootRef} aria-label={t('design.designer.region')} className="flex flex-col gap-3" data-testid="frame-designer">
      <header className="flex flex-wrap items-center gap-2 border-b pb-3">
        <Button variant="ghost" size="icon" onClick={onClose} aria-label={t('design.designer.back')} title={t('design.designer.back')}>
          <DirectionalIcon icon={ArrowLeft} />
        </Button>
        <div className="flex min-w-52 flex-1 flex-col">
          <h1 className="text-xs font-medium text-muted-foreground">{t(`design.designer.title.${type}`)}</h1>
          <div className="flex min-w-0 items-center gap-2">
            <label htmlFor={nameId} className="sr-only">
              {t('design.designer.nameLabel')}
            </label>
            <input
              id={nameId}
              value={document.name}
              maxLength={DESIGN_LIMITS.maxNameLength}
              onChange={(event) => rename(event.target.value)}
              className="min-w-0 flex-1 rounded-md border border-transparent bg-transparent px-1 py-0.5 text-lg font-semibold hover:border-input focus-visible:border-input focus-visible:outline-2 focus-visible:outline-ring sm:max-w-sm"
            />
            <span className="hidden text-xs whitespace-nowrap text-muted-foreground sm:inline">{t('design.designer.size', { width: document.width, height: document.height })}</span>
          </div>
        </div>
        <div className="ms-auto flex items-center gap-2">
          <AutosaveStatus autosave={autosave} />
          <Button onClick={() => void exportAndUse()} disabled={!pipeline || exporting.status === 'running'} data-testid="use-design">
            {exporting.status === 'running' && <Spinner size="sm" label={t('design.designer.exporting')} className="text-primary-foreground" />}
            {t(`design.designer.use.${type}`)}
          </Button>
        </div>
      </header>
      {!pipelineSupported && <p className="text-sm text-destructive">{t('design.designer.unsupported')}</p>}
      {exporting.status === 'failed' && exporting.revision === revision && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive" data-testid="design-export-error">
          {exporting.message}
        </p>
      )}
      <DesignToolbar className="rounded-lg border" />
      <div className={cn('grid gap-3', wide && 'grid-cols-[minmax(0,1fr)_20rem]')}>
        <div className="flex min-w-0 flex-col gap-2">
          <div className="h-[55dvh] min-h-72 overflow-hidden rounded-lg border lg:h-[calc(100dvh-15rem)] lg:min-h-[28rem]">
            <DesignCanvas underlays={preview.underlays} onContextMenu={(at) => setMenuAt(at)} />
          </div>
          <SamplePreviewControls status={preview.status} enabled={showSample} onEnabledChange={setShowSample} sample={sample} onSampleChange={setSample} supported={pipelineSupported} />
        </div>
        {wide ? (
          <div className="flex min-w-0 flex-col gap-3">
            {layers}
            {properties}
          </div>
        ) : (
          <PanelTabs panel={panel} onPanelChange={setPanel} layers={layers} properties={properties} />
        )}
      </div>
      <DesignContextMenu at={menuAt} onClose={() => setMenuAt(null)} />
    </section>
  );
}

/** Where the latest edit is saved; a server conflict offers to keep this copy. */
function AutosaveStatus({ autosave }: { autosave: DesignAutosave }) {
  const { t } = useTranslation();
  const { status, error } = autosave;
  const conflict = status === 'error' && isApiError(error) && error.code === 'DESIGN_CONFLICT';
  return (
    <div className="flex items-center gap-2">
      <output className={cn('text-xs', status === 'error' ? 'text-destructive' : 'text-muted-foreground')} data-testid="autosave-status" data-status={status}>
        {conflict
          ? t('design.designer.autosave.conflict')
          : status === 'error'
            ? t('design.designer.autosave.error', { reason: error?.message ?? '' })
            : t(`design.designer.autosave.${status}`)}
      </output>
      {conflict && (
        <Button size="sm" variant="outline" onClick={autosave.overwriteServer}>
          {t('design.designer.autosave.overwrite')}
        </Button>
      )}
    </div>
  );
}

/** Phones: the panels as tabs below the canvas. */
function PanelTabs({
  panel,
  onPanelChange,
  layers,
  properties,
}: {
  panel: 'layers' | 'properties';
  onPanelChange: (panel: 'layers' | 'properties') => void;
  layers: ReactNode;
  properties: ReactNode;
}) {
  const { t } = useTranslation();
  const baseId = useId();
  const tabs = ['properties', 'layers'] as const;
  const move = (from: number, by: number) => {
    const next = tabs[(from + by + tabs.length) % tabs.length]!;
    onPanelChange(next);
    globalThis.document.getElementById(`${baseId}-${next}-tab`)?.focus();
  };
  return (
    <div className="flex flex-col gap-2">
      <div role="tablist" aria-label={t('design.designer.panels.label')} className="flex gap-1 rounded-lg bg-muted p-1">
        {tabs.map((tab, index) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`${baseId}-${tab}-tab`}
            aria-selected={panel === tab}
            aria-controls={`${baseId}-${tab}`}
            tabIndex={panel === tab ? 0 : -1}
            onClick={() => onPanelChange(tab)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') move(index, 1);
              else if (event.key === 'ArrowLeft') move(index, -1);
            }}
            className={cn('flex-1 rounded-md px-3 py-1.5 text-sm font-medium', panel === tab ? 'bg-background shadow-sm' : 'text-muted-foreground')}
          >
            {t(`design.designer.panels.${tab}`)}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div key={tab} role="tabpanel" id={`${baseId}-${tab}`} aria-labelledby={`${baseId}-${tab}-tab`} hidden={panel !== tab}>
          {tab === 'layers' ? layers : properties}
        </div>
      ))}
    </div>
  );
}
