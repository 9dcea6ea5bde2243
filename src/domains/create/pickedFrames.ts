import { useEffect, useRef, useState } from 'react';
import type { CampaignType } from '../../../contract/campaign.ts';
import type { CampaignFormValues } from './campaignForm.ts';

/** A create page's picked frame files and typed fields. */
export interface PickedFrames {
  files: File[];
  values: CampaignFormValues;
}

/**
 * Picks waiting for a create page to open again: in this tab's memory only, never stored (the photo bytes stay
 * on the device, and a reload forgets them). They get here when the page closes while signed out (the sign-up
 * detour through /verification) and when a frame campaign hands an opaque design on to a background one.
 */
const waiting = new Map<CampaignType, PickedFrames>();

/** Leaves picks for the create page of `type`; files already waiting there are kept, ahead of the new ones. */
export function keepPickedFrames(type: CampaignType, picked: PickedFrames): void {
  const earlier = waiting.get(type)?.files ?? [];
  waiting.set(type, { files: [...earlier, ...picked.files.filter((file) => !earlier.includes(file))], values: picked.values });
}

/** The picks waiting for the create page of `type`, if any (they stay until that page has opened). */
export function pickedFramesFor(type: CampaignType): PickedFrames | undefined {
  return waiting.get(type);
}

/**
 * The create form's picks that waited for it (`enabled`: the create page; the edit page has its campaign), taken
 * once when it opens.
 */
export function useWaitingPicks(type: CampaignType, enabled: boolean): PickedFrames | undefined {
  const [taken] = useState(() => (enabled ? waiting.get(type) : undefined));
  useEffect(() => {
    // Shown now; a remount (as in StrictMode) finds what useKeepPicksOnLeave left.
    if (enabled) waiting.delete(type);
  }, [enabled, type]);
  return taken;
}

/** When the create form closes, keeps `leave()`'s picks for the next time it opens (null or no files: nothing). */
export function useKeepPicksOnLeave(type: CampaignType, enabled: boolean, leave: () => PickedFrames | null): void {
  const latestLeave = useRef(leave);
  useEffect(() => {
    latestLeave.current = leave;
  });
  useEffect(() => {
    if (!enabled) return;
    return () => {
      const picked = latestLeave.current();
      if (picked && picked.files.length > 0) keepPickedFrames(type, picked);
    };
  }, [enabled, type]);
}
