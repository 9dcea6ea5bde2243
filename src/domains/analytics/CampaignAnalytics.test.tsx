import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignAnalytics as Analytics } from '../../../contract/campaignAnalytics.ts';
import { accountTestLifecycle } from '../../testing/accountTestLifecycle.ts';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import { missingKeys } from '../../testing/i18n.ts';
import CampaignAnalytics from './CampaignAnalytics.tsx';

/** uPlot draws on a canvas jsdom does not have: a stand-in records what the chart was given. */
const charts = vi.hoisted(() => [] as { data: unknown; labels: (string | undefined)[] }[]);
vi.mock('uplot', () => ({
  default: class {
    static tzDate = (date: Date) => date;
    constructor(options: { series: { label?: string }[] }, data: unknown) {
      charts.push({ data, labels: options.series.map((series) => series.label) });
    }
    destroy() {}
  },
}));

const answer = (range: string, granularity: string): Analytics => ({
  range: range as Analytics['range'],
  granularity: granularity as Analytics['granularity'],
  from: '2026-03-08T00:00:00.000Z',
  to: '2026-03-10T15:00:00.000Z',
  series:
    range === '7d'
      ? [
          { start: '2026-03-09', supporters: 3, visits: 12, posts: 1 },
          { start: '2026-03-10', supporters: 0, visits: 4, posts: 0 },
        ]
      : [{ start: '2026-03-01', supporters: 5, visits: 40, posts: 2 }],
  totals: { supporters: 3, visits: 16, posts: 1, shares: 2 },
  conversion: 3 / 16,
  countries: [{ country: 'ID', supporters: 3, visits: 10 }, { country: 'WW', supporters: 0, visits: 6 }],
  referrers: [{ host: null, visits: 10 }, { host: 'www.facebook.com', visits: 6 }],
  shares: [{ channel: 'whatsapp', shares: 2 }, { channel: 'x', shares: 0 }],
  frames: [
    { frameId: 'f1', position: 0, supporters: 2 },
    { frameId: 'f2', position: 1, supporters: 1 },
  ],
  otherFrames: 0,
});

describe('the campaign analytics section', () => {
  accountTestLifecycle({ uuid: 'u-1', username: 'ayu' }, 'token');
  beforeEach(() => {
    charts.length = 0;
    // jsdom lays nothing out: the chart's container gets a width.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(640);
  });

  function server() {
    return fakeAccountServer((call) => {
      const path = call.url.pathname.replace('/api/v2', '');
      const range = call.url.searchParams.get('range') ?? '';
      const granularity = call.url.searchParams.get('granularity') ?? '';
      if (path === '/campaigns/hari-guru/analytics') return json({ data: answer(range, granularity) });
      if (path === '/campaigns/hari-guru/analytics.csv') return new Response('period_start,supporters,visits,posts\r\n2026-03-09,3,12,1\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    });
  }

  it('shows the series as a table and a chart, the totals, conversion and breakdowns, and follows the pickers', async () => {
    const calls = server();
    render(<CampaignAnalytics uri="hari-guru" />);
    const table = await screen.findByTestId('analytics-series', {}, { timeout: 10_000 });
    expect(calls.to('/campaigns/hari-guru/analytics')[0]?.url.search).toBe('?range=30d&granularity=day');
    expect(within(table).getByText('Supporters, visits and posts per day, Last 30 days')).toBeTruthy();
    const row = table.querySelector('tr[data-period="2026-03-01"]')!;
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['5', '40', '2']);
    expect(screen.getByTestId('analytics-summary').querySelector('[data-summary="conversion"]')?.textContent).toBe('18.8%');
    expect(within(screen.getByTestId('analytics-countries')).getByText('Indonesia')).toBeTruthy();
    expect(within(screen.getByTestId('analytics-countries')).getByText('Unknown')).toBeTruthy();
    expect(within(screen.getByTestId('analytics-referrers')).getByText('Direct or this site')).toBeTruthy();
    expect(within(screen.getByTestId('analytics-frames')).getByText('Frame 2')).toBeTruthy();
    await waitFor(() => expect(charts).toHaveLength(1));
    expect(charts[0]?.labels).toEqual(['Period', 'Supporters', 'Visits', 'Posts']);

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '7d' } });
    fireEvent.change(screen.getByLabelText('Group by'), { target: { value: 'week' } });
    await waitFor(() => expect(calls.to('/campaigns/hari-guru/analytics').at(-1)?.url.search).toBe('?range=7d&granularity=week'));
    expect(await screen.findByText('Supporters, visits and posts per week, Last 7 days')).toBeTruthy();
    await waitFor(() => expect(charts.at(-1)?.data).toEqual([[1773014400, 1773100800], [3, 0], [12, 4], [1, 0]]));
    expect(missingKeys).toEqual(new Set());
  });

  it('downloads the CSV of the chosen range under the campaign\'s name', async () => {
    const calls = server();
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:csv';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    render(<CampaignAnalytics uri="hari-guru" />);
    await screen.findByTestId('analytics-series', {}, { timeout: 10_000 });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    });
    await waitFor(() => expect(clicked).toEqual(['bingkai-hari-guru-analytics-30d-day.csv']));
    expect(calls.to('/campaigns/hari-guru/analytics.csv')[0]?.url.search).toBe('?range=30d&granularity=day');
    expect(await created[0]!.text()).toBe('period_start,supporters,visits,posts\r\n2026-03-09,3,12,1\r\n');
  });
});
