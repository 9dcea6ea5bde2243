import type {
  EarningsView,
  MonetizationApplyBody,
  MonetizationView,
  PayoutRequestBody,
  PayoutView,
  StaffApplication,
  StaffApplicationList,
  StaffPayout,
  StaffPayoutList,
} from '../../contract/monetization.ts';
import { callRoute } from './callRoute.ts';

/** The signed-in creator's monetization state and application. */
export async function fetchMonetization(signal?: AbortSignal): Promise<MonetizationView> {
  return (await callRoute('GET /account/monetization', { signal })).data;
}

/** Sends the application (FORM or REJECTED → PENDING). */
export async function applyForMonetization(body: MonetizationApplyBody): Promise<MonetizationView> {
  return (await callRoute('POST /account/monetization', { body })).data;
}

export async function fetchEarnings(signal?: AbortSignal): Promise<EarningsView> {
  return (await callRoute('GET /account/earnings', { signal })).data;
}

export async function requestPayout(body: PayoutRequestBody): Promise<PayoutView> {
  return (await callRoute('POST /account/payouts', { body })).data;
}

export async function fetchPendingApplications(page: number, signal?: AbortSignal): Promise<StaffApplicationList> {
  return (await callRoute('GET /staff/applications', { query: { page }, signal })).data;
}

export async function decideApplication(uuid: string, decision: 'approve' | 'reject', reason: string): Promise<StaffApplication> {
  if (decision === 'approve') return (await callRoute('POST /staff/applications/:uuid/approve', { params: { uuid }, body: { reason } })).data;
  return (await callRoute('POST /staff/applications/:uuid/reject', { params: { uuid }, body: { reason } })).data;
}

export async function fetchRequestedPayouts(page: number, signal?: AbortSignal): Promise<StaffPayoutList> {
  return (await callRoute('GET /staff/payouts', { query: { page }, signal })).data;
}

export async function markPayoutPaid(id: string, reference: string): Promise<StaffPayout> {
  return (await callRoute('POST /staff/payouts/:id/pay', { params: { id }, body: { reference } })).data;
}

/** The amount returns to the creator's earnings. */
export async function rejectPayout(id: string, reason: string): Promise<StaffPayout> {
  return (await callRoute('POST /staff/payouts/:id/reject', { params: { id }, body: { reason } })).data;
}
