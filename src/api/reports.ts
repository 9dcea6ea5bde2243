import type { ReportBody } from '../../contract/report.ts';
import { apiV2 } from './index.ts';

/** One report per person and target; a repeat rejects with 409 ALREADY_REPORTED. */
export async function sendReport(report: ReportBody): Promise<void> {
  await apiV2.post<unknown>('/reports', { body: report });
}
