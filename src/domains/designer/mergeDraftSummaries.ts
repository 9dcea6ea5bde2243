import type { DesignKind } from '../../../contract/design.ts';
import type { DesignDraftSummary } from '../../../contract/designDraft.ts';

/** A draft as the list shows it: the newer copy's summary, and where copies exist. */
export interface ListedDraft extends DesignDraftSummary {
  onDevice: boolean;
  inAccount: boolean;
}

/** One entry per draft id from this device's and the account's lists, newest first, optionally of one kind. */
export function mergeDraftSummaries(local: readonly DesignDraftSummary[], server: readonly DesignDraftSummary[], kind?: DesignKind): ListedDraft[] {
  const byId = new Map<string, ListedDraft>();
  const add = (summary: DesignDraftSummary, where: 'onDevice' | 'inAccount') => {
    const known = byId.get(summary.id);
    const newest = known && Date.parse(known.updatedAt) >= Date.parse(summary.updatedAt) ? known : summary;
    byId.set(summary.id, { ...newest, onDevice: known?.onDevice ?? false, inAccount: known?.inAccount ?? false, [where]: true });
  };
  for (const summary of local) add(summary, 'onDevice');
  for (const summary of server) add(summary, 'inAccount');
  return [...byId.values()]
    .filter((draft) => kind === undefined || draft.kind === kind)
    .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || a.id.localeCompare(b.id));
}
