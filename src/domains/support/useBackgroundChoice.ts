import { useState } from 'react';
import type { Campaign } from '../../../contract/campaign.ts';
import { backgroundChoice, BACKGROUND_COLORS, type BackgroundKind } from './backgroundChoices.ts';

/** The supporter's background choice and swatch colour, and the pipeline's BackgroundChoice for them. */
export function useBackgroundChoice(campaignType: Campaign['type']) {
  // A background campaign is about the person on its design, so the design is the first choice.
  const [kind, setKind] = useState<BackgroundKind>(campaignType === 'background' ? 'design' : 'keep');
  const [color, setColor] = useState<string>(BACKGROUND_COLORS[0].color);
  const choose = (nextKind: BackgroundKind, nextColor: string) => {
    setKind(nextKind);
    setColor(nextColor);
  };
  return { kind, color, choose, choice: backgroundChoice(kind, color) };
}
