import type { ModerationResult, ModerationTarget, StaffAccount, StaffAppealList, StaffAuditList, StaffReportList } from '../../contract/staff.ts';
import { callRoute } from './callRoute.ts';
import { isApiError } from './ApiError.ts';

/** Whether the signed-in account is staff now (a visitor gets 404: not staff either). */
export async function fetchIsStaff(signal?: AbortSignal): Promise<boolean> {
  try {
    return (await callRoute('GET /staff/session', { signal })).data.staff;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return false;
    throw error;
  }
}

export async function fetchStaffReports(page: number, signal?: AbortSignal): Promise<StaffReportList> {
  return (await callRoute('GET /staff/reports', { query: { page }, signal })).data;
}

export type ModerationAction = 'hide' | 'restore' | 'dismiss';

export async function moderateTarget(action: ModerationAction, target: ModerationTarget, uri: string, reason: string): Promise<ModerationResult> {
  const params = { target, uri };
  const body = { reason };
  if (action === 'hide') return (await callRoute('POST /staff/reports/:target/:uri/hide', { params, body })).data;
  if (action === 'restore') return (await callRoute('POST /staff/reports/:target/:uri/restore', { params, body })).data;
  return (await callRoute('POST /staff/reports/:target/:uri/dismiss', { params, body })).data;
}

/** An account by email or username; 404 when none. */
export async function findStaffAccount(q: string, signal?: AbortSignal): Promise<StaffAccount> {
  return (await callRoute('GET /staff/accounts', { query: { q }, signal })).data;
}

export async function suspendAccount(uuid: string, reason: string): Promise<StaffAccount> {
  return (await callRoute('POST /staff/accounts/:uuid/suspend', { params: { uuid }, body: { reason } })).data;
}

export async function fetchPendingAppeals(page: number, signal?: AbortSignal): Promise<StaffAppealList> {
  return (await callRoute('GET /staff/appeals', { query: { page }, signal })).data;
}

/** lift: the suspension ends (ACCEPTED); keep: the appeal is rejected and the account stays suspended. */
export async function decideAppeal(uuid: string, decision: 'lift' | 'keep', reason: string): Promise<StaffAccount> {
  if (decision === 'lift') return (await callRoute('POST /staff/appeals/:uuid/lift', { params: { uuid }, body: { reason } })).data;
  return (await callRoute('POST /staff/appeals/:uuid/keep', { params: { uuid }, body: { reason } })).data;
}

export async function fetchStaffAudit(page: number, signal?: AbortSignal): Promise<StaffAuditList> {
  return (await callRoute('GET /staff/audit', { query: { page }, signal })).data;
}
