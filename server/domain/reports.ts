import { eq } from 'drizzle-orm';
import type { ReportReason } from '../../contract/report.ts';
import type { Db } from '../infra/db/database.ts';
import { campaigns, posts, reports } from '../infra/db/schema.ts';
import { DomainError, notFound } from '../domainError.ts';
import { fingerprintHash } from '../infra/fingerprintHash.ts';

export interface NewReport {
  target: 'campaign' | 'post';
  uri: string;
  reason: ReportReason;
  details: string;
  /** The raw x-fingerprint value; only its keyed hash is stored. */
  fingerprint: string;
  accountId: string | null;
}

export class ReportService {
  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
  ) {}

  /** The id of the reported campaign (any visibility: a private one can be reported by those who have the code) or post. */
  private async targetId(target: NewReport['target'], uri: string): Promise<string | null> {
    const table = target === 'campaign' ? campaigns : posts;
    const [row] = await this.db.select({ id: table.id }).from(table).where(eq(table.uri, uri)).limit(1);
    return row?.id ?? null;
  }

  /** Stores a report; 404 for an unknown target, 409 ALREADY_REPORTED when this fingerprint reported it before. */
  async create(report: NewReport): Promise<string> {
    const targetId = await this.targetId(report.target, report.uri);
    if (!targetId) throw notFound(report.target === 'campaign' ? 'Campaign not found' : 'Post not found');
    const [row] = await this.db
      .insert(reports)
      .values({
        target: report.target,
        targetId,
        fingerprint: fingerprintHash(this.secret, 'report', report.fingerprint),
        accountId: report.accountId,
        reason: report.reason,
        details: report.details,
      })
      .onConflictDoNothing({ target: [reports.target, reports.targetId, reports.fingerprint] })
      .returning({ id: reports.id });
    if (!row) throw new DomainError('ALREADY_REPORTED', 'You have already reported this; thank you, we will look into it');
    return row.id;
  }
}
