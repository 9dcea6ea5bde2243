import { useState } from 'react';
import type { Campaign } from '../../../contract/campaign.ts';
import { backgroundChoice, BACKGROUND_COLORS, defaultBackgroundKind, type BackgroundKind } from './backgroundChoices.ts';

/** The supporter's background choice and swatch colour, and the pipeline's BackgroundChoice for them. */
export function useBackgroundChoice(campaignType: Campaign['type']) {
  const [kind, setKind] = useState<BackgroundKind>(defaultBackgroundKind(campaignType));
  const [color, setColor] = useState<string>(BACKGROUND_COLORS[0].color);
  const choose = (nextKind: BackgroundKind, nextColor: string) => {
    setKind(nextKind);
    setColor(nextColor);
  };
  return { kind, color, choose, choice: backgroundChoice(kind, color) };
}
