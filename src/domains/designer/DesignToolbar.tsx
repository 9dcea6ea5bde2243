import {
  Circle,
  Copy,
  Group,
  Hexagon,
  ImagePlus,
  Maximize,
  Minus,
  Redo2,
  Scan,
  Square,
  Star,
  Trash2,
  Type,
  Undo2,
  Ungroup,
  ZoomIn,
  ZoomOut,
  type LucideIcon,
} from 'lucide-react';
import { DropdownMenu, Toolbar, Tooltip } from 'radix-ui';
import { useRef, useState, type ChangeEvent, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { DESIGN_LIMITS, type DesignDocument } from '../../../contract/design.ts';
import { toast } from '../../ui/toastStore.ts';
import { cn } from '../../lib/cn.ts';
import { addElementsCommand } from '../../../core/design/commandBuilders.ts';
import type { DesignCommand } from '../../../core/design/designCommand.ts';
import { defaultElement, defaultHole, newElementId, type HoleShape } from '../../../core/design/defaultElements.ts';
import { useDesignStore, type DesignState } from './designStore.ts';
import { useDesignViewStore } from './designViewStore.ts';
import { actionLabel, designAction, dispatchDesign, type DesignActionId } from './designActions.ts';
import { ImageAssetError, MAX_IMAGE_PIXELS, browserImageDecoder, imageAsset, type ImageDecoder } from './imageAsset.ts';
import { newTextElement } from './newTextElement.ts';

type AddableType = 'rect' | 'ellipse' | 'polygon' | 'star' | 'line' | 'text';

const ADDABLE: { type: AddableType; icon: LucideIcon; key: string }[] = [
  { type: 'rect', icon: Square, key: 'addRect' },
  { type: 'ellipse', icon: Circle, key: 'addEllipse' },
  { type: 'polygon', icon: Hexagon, key: 'addPolygon' },
  { type: 'star', icon: Star, key: 'addStar' },
  { type: 'line', icon: Minus, key: 'addLine' },
  { type: 'text', icon: Type, key: 'addText' },
];

const HOLES: { shape: HoleShape; key: string }[] = [
  { shape: 'circle', key: 'holeCircle' },
  { shape: 'rounded-rect', key: 'holeRoundedRect' },
  { shape: 'star', key: 'holeStar' },
  { shape: 'polygon', key: 'holePolygon' },
];

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';

const buttonClass =
  'inline-flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-md text-foreground transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-40 data-[state=open]:bg-muted [&_svg]:size-4';
const itemClass = 'cursor-pointer rounded-md px-3 py-2 text-sm outline-none data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[highlighted]:bg-muted';

/** An icon button of the toolbar with its name as tooltip. Extra props reach the button (menu triggers pass theirs here). */
function ToolButton({ label, icon: Icon, className, ...props }: { label: string; icon: LucideIcon } & ComponentProps<'button'>) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <Toolbar.Button aria-label={label} className={cn(buttonClass, className)} {...props}>
          <Icon aria-hidden="true" />
        </Toolbar.Button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content sideOffset={6} className="z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background shadow">
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

/** A button for a registry action: its name, shortcut and enabled rule come from the registry. */
function ActionButton({ id, icon, state }: { id: DesignActionId; icon: LucideIcon; state: DesignState }) {
  const { t } = useTranslation();
  const action = designAction(id);
  return (
    <ToolButton
      label={actionLabel(action, state, t)}
      icon={icon}
      aria-keyshortcuts={action.shortcut}
      disabled={!action.enabled(state)}
      onClick={() => action.perform(useDesignStore.getState())}
    />
  );
}

function Separator() {
  return <Toolbar.Separator className="mx-1 h-6 w-px shrink-0 bg-border" />;
}

/** The image element for an asset, with the asset stored first: one batch, one undo step. */
export function addImageCommand(document: DesignDocument, asset: DesignDocument['assets'][string]): { command: DesignCommand; id: string } {
  // The same picture uploaded twice shares one asset.
  const existing = Object.entries(document.assets).find(([, other]) => other.data === asset.data && other.mime === asset.mime)?.[0];
  const assetId = existing ?? newElementId();
  const withAsset = existing ? document : { ...document, assets: { ...document.assets, [assetId]: asset } };
  const element = defaultElement('image', withAsset, { assetId });
  const insert = addElementsCommand(document, [element]);
  return { command: existing ? insert : { type: 'batch', commands: [{ type: 'putAssets', assets: { [assetId]: asset } }, insert] }, id: element.id };
}

export interface DesignToolbarProps {
  /** Decodes uploaded images (the browser's by default; tests inject one). */
  decodeImage?: ImageDecoder;
  className?: string;
}

/**
 * The designer's toolbar: undo/redo; add shapes, text, images and photo holes; delete, duplicate,
 * group; zoom. One tab stop, arrow keys move between the buttons. On small screens undo and redo stay
 * in view at its start while the other tools scroll sideways.
 */
export function DesignToolbar({ decodeImage = browserImageDecoder, className }: DesignToolbarProps) {
  const { t } = useTranslation();
  // The whole state: the registry's enabled rules read what they need.
  const state = useDesignStore();
  const document = state.document;
  const zoom = useDesignViewStore((s) => s.zoom);
  const fileInput = useRef<HTMLInputElement>(null);
  const [loadingImage, setLoadingImage] = useState(false);
  const noDocument = document === null;
  const makeHole = designAction('makeHole');

  const add = (type: AddableType) => {
    const current = useDesignStore.getState().document;
    if (!current) return;
    // Text goes where the photo will not cover it.
    const element = type === 'text' ? newTextElement(current) : defaultElement(type, current);
    dispatchDesign(addElementsCommand(current, [element]), { label: `add ${type}` }, [element.id]);
  };

  const addHole = (shape: HoleShape) => {
    const current = useDesignStore.getState().document;
    if (!current) return;
    const element = defaultHole(shape, current);
    dispatchDesign(addElementsCommand(current, [element]), { label: 'add hole' }, [element.id]);
  };

  const refuse = (description: string) => toast({ title: t('design.toolbar.imageErrors.title'), description, variant: 'destructive' });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    const current = useDesignStore.getState().document;
    if (!file || !current) return;
    if (Object.keys(current.assets).length >= DESIGN_LIMITS.maxAssets) return refuse(t('design.toolbar.imageErrors.TOO_MANY', { max: DESIGN_LIMITS.maxAssets }));
    setLoadingImage(true);
    try {
      const asset = await imageAsset(file, decodeImage);
      const latest = useDesignStore.getState().document;
      if (!latest) return;
      const { command, id } = addImageCommand(latest, asset);
      dispatchDesign(command, { label: 'add image' }, [id]);
    } catch (error) {
      const known = error instanceof ImageAssetError ? error : null;
      refuse(t(`design.toolbar.imageErrors.${known?.code ?? 'UNREADABLE'}`, { name: file.name, ...known?.size, megapixels: MAX_IMAGE_PIXELS / 1_000_000 }));
    } finally {
      setLoadingImage(false);
    }
  };

  return (
    <Tooltip.Provider delayDuration={300}>
      <Toolbar.Root aria-label={t('design.toolbar.label')} className={cn('flex min-w-0 flex-nowrap items-center gap-0.5 border-b bg-background px-2 py-1', className)}>
        {/* Undo and redo stay in place; the other tools scroll sideways when the screen is narrow. */}
        <ActionButton id="undo" icon={Undo2} state={state} />
        <ActionButton id="redo" icon={Redo2} state={state} />
        <Separator />
        <div className="flex min-w-0 flex-1 flex-nowrap items-center gap-0.5 overflow-x-auto">
          {ADDABLE.map(({ type, icon, key }) => (
            <ToolButton key={type} label={t(`design.toolbar.${key}`)} icon={icon} disabled={noDocument} onClick={() => add(type)} />
          ))}
          <ToolButton
            label={t('design.toolbar.addImage')}
            icon={ImagePlus}
            disabled={noDocument || loadingImage}
            aria-busy={loadingImage || undefined}
            onClick={() => fileInput.current?.click()}
          />
          <input ref={fileInput} type="file" accept={IMAGE_ACCEPT} hidden aria-label={t('design.toolbar.imageFile')} onChange={(event) => void onFile(event)} />
          <DropdownMenu.Root>
            <DropdownMenu.Trigger asChild>
              <ToolButton label={t('design.toolbar.holes', { context: document?.kind })} icon={Scan} disabled={noDocument} />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content sideOffset={6} className="z-50 min-w-56 rounded-lg border bg-background p-1 shadow-lg">
                {HOLES.map(({ shape, key }) => (
                  <DropdownMenu.Item key={shape} className={itemClass} onSelect={() => addHole(shape)}>
                    {t(`design.toolbar.${key}`, { context: document?.kind })}
                  </DropdownMenu.Item>
                ))}
                <DropdownMenu.Separator className="my-1 h-px bg-border" />
                <DropdownMenu.Item className={itemClass} disabled={!makeHole.enabled(state)} onSelect={() => makeHole.perform(useDesignStore.getState())}>
                  {actionLabel(makeHole, state, t)}
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
          <Separator />
          <ActionButton id="delete" icon={Trash2} state={state} />
          <ActionButton id="duplicate" icon={Copy} state={state} />
          <ActionButton id="group" icon={Group} state={state} />
          <ActionButton id="ungroup" icon={Ungroup} state={state} />
          <Separator />
          <ActionButton id="zoomOut" icon={ZoomOut} state={state} />
          <output aria-label={t('design.toolbar.zoomLevel')} aria-live="polite" className="w-12 shrink-0 text-center text-xs tabular-nums">
            {t('design.toolbar.zoomPercent', { percent: Math.round(zoom * 100) })}
          </output>
          <ActionButton id="zoomIn" icon={ZoomIn} state={state} />
          <ActionButton id="zoomFit" icon={Maximize} state={state} />
        </div>
      </Toolbar.Root>
    </Tooltip.Provider>
  );
}
