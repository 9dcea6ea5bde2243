import type { ReportBody } from '../../contract/report.ts';
import { callRoute } from './callRoute.ts';

/** One report per person and target; a repeat rejects with 409 ALREADY_REPORTED. */
export async function sendReport(report: ReportBody): Promise<void> {
  await callRoute('POST /reports', { body: report });
}
