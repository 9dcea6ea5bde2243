import { useTranslation } from 'react-i18next';
import type { DesignElement } from '../../../../contract/design.ts';
import { useDesignStore } from '../designStore.ts';
import { editElements, Section, Switch } from './propertyControls.tsx';

/** Hole, lock and hide: shared by one element and several. */
export function FlagsSection({ elements }: { elements: readonly DesignElement[] }) {
  const { t } = useTranslation();
  const ids = elements.map((element) => element.id);
  const all = (field: 'hole' | 'locked' | 'hidden') => elements.every((element) => element[field]);
  // Background designs call their holes the photo area (i18next context keys *_background).
  const context = useDesignStore((state) => state.document?.kind);
  return (
    <Section title={t('design.properties.flags')}>
      <Switch label={t('design.properties.hole', { context })} hint={t('design.properties.holeHint', { context })} checked={all('hole')} onChange={(hole) => editElements(ids, 'hole', { hole }, false)} />
      <Switch label={t('design.properties.locked')} checked={all('locked')} onChange={(locked) => editElements(ids, 'locked', { locked }, false)} />
      <Switch label={t('design.properties.hidden')} checked={all('hidden')} onChange={(hidden) => editElements(ids, 'hidden', { hidden }, false)} />
    </Section>
  );
}

