import type { PiracyAction, StaffPiracyFlag, StaffPiracyList } from '../../contract/staffPiracy.ts';
import { callRoute } from './callRoute.ts';

/** Open frame matches, oldest first. */
export async function fetchPiracyFlags(page: number, signal?: AbortSignal): Promise<StaffPiracyList> {
  return (await callRoute('GET /staff/piracy', { query: { page }, signal })).data;
}

export async function decidePiracyFlag(flagId: string, action: PiracyAction, reason: string): Promise<StaffPiracyFlag> {
  const request = { params: { flagId }, body: { reason } };
  if (action === 'takedown') return (await callRoute('POST /staff/piracy/:flagId/takedown', request)).data;
  if (action === 'suspend') return (await callRoute('POST /staff/piracy/:flagId/suspend', request)).data;
  return (await callRoute('POST /staff/piracy/:flagId/dismiss', request)).data;
}
