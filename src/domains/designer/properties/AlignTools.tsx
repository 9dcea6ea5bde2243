import {
  AlignCenterHorizontal,
  AlignCenterVertical,
  AlignEndHorizontal,
  AlignEndVertical,
  AlignHorizontalDistributeCenter,
  AlignStartHorizontal,
  AlignStartVertical,
  AlignVerticalDistributeCenter,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { useDesignStore } from '../designStore.ts';
import { alignCommand, distributeCommand, type AlignEdge, type AlignTarget } from '../alignElements.ts';
import { dispatchDesign } from '../designActions.ts';
import { Section } from './propertyControls.tsx';

const ALIGN: { edge: AlignEdge; icon: LucideIcon }[] = [
  { edge: 'left', icon: AlignStartVertical },
  { edge: 'center', icon: AlignCenterVertical },
  { edge: 'right', icon: AlignEndVertical },
  { edge: 'top', icon: AlignStartHorizontal },
  { edge: 'middle', icon: AlignCenterHorizontal },
  { edge: 'bottom', icon: AlignEndHorizontal },
];

export function AlignTools({ ids }: { ids: readonly string[] }) {
  const { t } = useTranslation();
  const name = useId();
  const [target, setTarget] = useState<AlignTarget>('selection');
  const several = ids.length > 1;
  const relative = several ? target : 'canvas';
  const run = (command: ReturnType<typeof alignCommand>, label: string) => dispatchDesign(command, { label });
  return (
    <Section title={t('design.properties.align')}>
      {several && (
        <fieldset className="flex gap-4 text-sm">
          <legend className="sr-only">{t('design.properties.alignTo')}</legend>
          {(['selection', 'canvas'] as const).map((option) => (
            <label key={option} className="flex cursor-pointer items-center gap-1.5">
              <input type="radio" name={name} value={option} checked={target === option} onChange={() => setTarget(option)} className="accent-primary" />
              {t(`design.properties.alignTargets.${option}`)}
            </label>
          ))}
        </fieldset>
      )}
      <div className="flex flex-wrap gap-1">
        {ALIGN.map(({ edge, icon: Icon }) => (
          <Button
            key={edge}
            variant="outline"
            size="icon"
            aria-label={t(`design.properties.alignEdges.${edge}`)}
            title={t(`design.properties.alignEdges.${edge}`)}
            onClick={() => {
              const document = useDesignStore.getState().document;
              if (document) run(alignCommand(document, ids, edge, relative), `align ${edge}`);
            }}
          >
            <Icon aria-hidden="true" />
          </Button>
        ))}
        {ids.length >= 3 &&
          (['horizontal', 'vertical'] as const).map((axis) => (
            <Button
              key={axis}
              variant="outline"
              size="icon"
              aria-label={t(`design.properties.distribute.${axis}`)}
              title={t(`design.properties.distribute.${axis}`)}
              onClick={() => {
                const document = useDesignStore.getState().document;
                if (document) run(distributeCommand(document, ids, axis), `distribute ${axis}`);
              }}
            >
              {axis === 'horizontal' ? <AlignHorizontalDistributeCenter aria-hidden="true" /> : <AlignVerticalDistributeCenter aria-hidden="true" />}
            </Button>
          ))}
      </div>
    </Section>
  );
}

