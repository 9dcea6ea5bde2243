import type { FastifyRequest } from 'fastify';
import { CAMPAIGN_ACCESS_HEADER } from '../../contract/campaignAccess.ts';
import type { CampaignViewer } from '../domain/campaigns.ts';

/** Who reads: the signed-in account (when optionalAccount or requireAccount ran), the access code header and the IP. */
export function viewerOf(request: FastifyRequest, accessCode?: string): CampaignViewer {
  const header = request.headers[CAMPAIGN_ACCESS_HEADER];
  return {
    accountId: request.account?.id,
    accessCode: accessCode ?? (typeof header === 'string' ? header : undefined),
    ip: request.ip,
    staff: request.account?.staffRole === 'staff',
  };
}
