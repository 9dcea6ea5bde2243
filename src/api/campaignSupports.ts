import type { SupportResult } from '../../contract/campaignWrite.ts';
import { callRoute } from './callRoute.ts';
import { accessHeaders, recordSupport } from './campaigns.ts';

interface HeldToken {
  token: string;
  /** Local time after which a fresh token is fetched instead. */
  goodUntil: number;
}

/** A token is swapped this long before the server's expiry, so it never runs out on the way. */
const EXPIRY_MARGIN_MS = 60_000;

const held = new Map<string, Promise<HeldToken>>();

async function fetchToken(uri: string): Promise<HeldToken> {
  const { data } = await callRoute('GET /campaigns/:uri/support-token', { params: { uri }, headers: accessHeaders(uri) });
  return { token: data.token, goodUntil: Date.now() + data.expiresInSeconds * 1000 - EXPIRY_MARGIN_MS };
}

function fetchAndHold(uri: string): Promise<HeldToken> {
  const pending = fetchToken(uri);
  held.set(uri, pending);
  // A failed fetch is forgotten, so the support asks again rather than reusing the failure.
  pending.catch(() => {
    if (held.get(uri) === pending) held.delete(uri);
  });
  return pending;
}

/**
 * Called when the support page opens: fetches the page token an anonymous support needs to be counted
 * (docs/COUNTS.md). Errors are left for countSupport, which asks again.
 */
export function prepareSupport(uri: string): void {
  fetchAndHold(uri).catch(() => undefined);
}

async function pageToken(uri: string): Promise<string | undefined> {
  const current = await held.get(uri)?.catch(() => null);
  if (current && current.goodUntil > Date.now()) return current.token;
  try {
    return (await fetchAndHold(uri)).token;
  } catch (error) {
    // A signed-in support counts without one; an anonymous one is then answered "not counted".
    console.warn('No support page token', error);
    return undefined;
  }
}

/** Counts this person's support once, with the page token fetched when the page opened (or a fresh one if that one is gone). */
export async function countSupport(uri: string, frameId?: string): Promise<SupportResult> {
  return recordSupport(uri, frameId, await pageToken(uri));
}
