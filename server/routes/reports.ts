import { reportBody, reportResponse } from '../../contract/report.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { optionalAccount } from '../http/requireAccount.ts';
import { ReportService } from '../domain/reports.ts';
import { requireFingerprint } from '../http/requestSigning.ts';

/** Reports per IP per hour: enough for a person, too few to flood moderation. */
export const REPORTS_PER_HOUR = 10;

/** POST /reports (contract/report.ts): open to visitors; a signed-in reporter is recorded. */
export function reportRoutes(app: ZodApp, ctx: AppContext): void {
  const service = new ReportService(ctx.database.db, ctx.signingSecret);

  app.post(
    '/reports',
    {
      config: { rateLimit: { max: REPORTS_PER_HOUR, timeWindow: 60 * 60_000 } },
      preHandler: optionalAccount(ctx),
      schema: { body: reportBody, response: { 201: reportResponse } },
    },
    async (request, reply) => {
      const id = await service.create({ ...request.body, fingerprint: requireFingerprint(request), accountId: request.account?.id ?? null });
      return reply.code(201).send({ data: { id } });
    },
  );
}
