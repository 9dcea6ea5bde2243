import { describe, expect, it } from 'vitest';
import { routeArea } from './routeArea.ts';
import { apiRoutes } from './routes.ts';
import { accountRoutes } from './routes/accountRoutes.ts';
import { bootRoutes } from './routes/bootRoutes.ts';
import { campaignPageRoutes } from './routes/campaignPageRoutes.ts';
import { campaignRoutes } from './routes/campaignRoutes.ts';
import { siteRoutes } from './routes/siteRoutes.ts';
import { staffRoutes } from './routes/staffRoutes.ts';

const parts = { boot: bootRoutes, campaignPage: campaignPageRoutes, account: accountRoutes, campaigns: campaignRoutes, staff: staffRoutes, site: siteRoutes };

describe('the parts of the route table', () => {
  it('hold every API route in the part routeArea names, once', () => {
    const placed = Object.entries(parts).flatMap(([area, part]) => Object.keys(part).map((key) => ({ key, area })));
    expect(placed.map((p) => p.key).sort()).toEqual(Object.keys(apiRoutes).sort());
    for (const { key, area } of placed) expect([key, routeArea(key)]).toEqual([key, area]);
  });

  it('name a part by the first path segment, the start-up and campaign page calls apart', () => {
    expect(routeArea('GET /campaigns/:uri/donations')).toBe('campaignPage');
    expect(routeArea('GET /campaigns/:uri/donations/manage')).toBe('campaigns');
    expect(routeArea('GET /account/campaigns')).toBe('account');
    expect(routeArea('POST /staff/piracy/:flagId/dismiss')).toBe('staff');
    expect(routeArea('GET /request-key')).toBe('boot');
    expect(routeArea('GET /ip/lookup')).toBe('boot');
    expect(routeArea('GET /captcha/challenge')).toBe('site');
    expect(routeArea('GET /campaignsx')).toBe('site');
  });
});
