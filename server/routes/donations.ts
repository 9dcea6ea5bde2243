import { campaignUriParams } from '../../contract/campaign.ts';
import {
  donationCreateBody,
  donationCreatedResponse,
  donationParams,
  donationSettingsBody,
  donationSummaryResponse,
  donationVisibilityBody,
  donationWallQuery,
  donationWallResponse,
  managedDonationListResponse,
  managedDonationResponse,
} from '../../contract/donation.ts';
import type { OrderCheckout } from '../../contract/order.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { CampaignService } from '../domain/campaigns.ts';
import { donationSummaryOf, donorWall, managedDonations, openDonation, saveDonationSettings, setDonationHidden } from '../domain/donations.ts';
import { originOf } from '../http/pageMeta.ts';
import { accountOf, optionalAccount, requireAccount } from '../http/requireAccount.ts';
import { viewerOf } from './campaignViewer.ts';

/** Donation attempts one IP may start in DONATION_WINDOW_MS: each asks a payment provider for a payment. */
export const DONATIONS_PER_IP = 30;
const DONATION_WINDOW_MS = 10 * 60_000;

/**
 * Donations to a campaign (contract/donation.ts, docs/DONATIONS.md): the summary, the donor wall and the donation
 * itself for anyone who may read the campaign (a hidden one answers 404 as its page does); the settings and the
 * wall's moderation for its creator only (403 for others, 404 unknown).
 */
export function donationRoutes(app: ZodApp, ctx: AppContext): void {
  const db = ctx.database.db;
  const campaigns = new CampaignService(db, ctx.storage, ctx.config.campaignReadCacheMs, ctx.hits, ctx.cacheBus);
  const signedIn = requireAccount(ctx);
  const maybeSignedIn = optionalAccount(ctx);
  const config = ctx.config.payments;

  app.get('/campaigns/:uri/donations', { preHandler: maybeSignedIn, schema: { params: campaignUriParams, response: { 200: donationSummaryResponse } } }, async (request, reply) => {
    const entry = await campaigns.read(request.params.uri, viewerOf(request));
    return reply.header('cache-control', 'no-store').send({ data: await donationSummaryOf(db, config, ctx.payments, entry.id) });
  });

  app.put('/campaigns/:uri/donations', { preHandler: signedIn, schema: { params: campaignUriParams, body: donationSettingsBody, response: { 200: donationSummaryResponse } } }, async (request, reply) => {
    const data = await saveDonationSettings(db, config, ctx.payments, accountOf(request).id, request.params.uri, request.body);
    return reply.header('cache-control', 'private, no-store').send({ data });
  });

  app.post(
    '/campaigns/:uri/donations',
    { config: { rateLimit: { max: DONATIONS_PER_IP, timeWindow: DONATION_WINDOW_MS } }, preHandler: maybeSignedIn, schema: { params: campaignUriParams, body: donationCreateBody, response: { 200: donationCreatedResponse } } },
    async (request, reply) => {
      // The campaign as this visitor may read it: unknown, taken down or private without its code answer as its page does.
      await campaigns.read(request.params.uri, viewerOf(request));
      const donor = { accountId: request.account?.id ?? null, name: request.account?.name ?? '' };
      const deps = { db, providers: ctx.payments, payments: config, donations: config };
      const { order } = await openDonation(deps, request.params.uri, donor, request.body, originOf(ctx.config, request));
      // The same key again after the payment: nothing left to pay, the client goes straight back to the campaign.
      const checkout = order.status === 'pending' ? (order.checkout as OrderCheckout | null) : null;
      return reply.header('cache-control', 'private, no-store').send({ data: { orderId: order.id, checkout } });
    },
  );

  app.get('/campaigns/:uri/donations/wall', { preHandler: maybeSignedIn, schema: { params: campaignUriParams, querystring: donationWallQuery, response: { 200: donationWallResponse } } }, async (request, reply) => {
    const entry = await campaigns.read(request.params.uri, viewerOf(request));
    return reply.header('cache-control', 'no-store').send({ data: await donorWall(db, entry.id, request.query.page) });
  });

  app.get('/campaigns/:uri/donations/manage', { preHandler: signedIn, schema: { params: campaignUriParams, querystring: donationWallQuery, response: { 200: managedDonationListResponse } } }, async (request, reply) => {
    const data = await managedDonations(db, accountOf(request).id, request.params.uri, request.query.page);
    return reply.header('cache-control', 'private, no-store').send({ data });
  });

  app.put('/campaigns/:uri/donations/:donationId/visibility', { preHandler: signedIn, schema: { params: donationParams, body: donationVisibilityBody, response: { 200: managedDonationResponse } } }, async (request, reply) => {
    const data = await setDonationHidden(db, accountOf(request).id, request.params.uri, request.params.donationId, request.body.hidden);
    return reply.header('cache-control', 'private, no-store').send({ data });
  });
}
