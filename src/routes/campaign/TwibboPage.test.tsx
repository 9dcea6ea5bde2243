import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { demoCampaign } from '../../testing/apiMock.ts';
import { accountTestLifecycle } from '../../testing/accountTestLifecycle.ts';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import TwibboPage from './TwibboPage.tsx';
import { fullText } from '../../testing/fullText.ts';

accountTestLifecycle();

describe('the twibbo view', () => {
  it('is a compact card of the campaign with its way into the support flow and share links', async () => {
    fakeAccountServer(() => json({ data: demoCampaign }));
    const router = createMemoryRouter([{ path: '/twibbo/:uri', element: <TwibboPage /> }], { initialEntries: ['/twibbo/demo-campaign'] });
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { level: 1, name: 'Demo Campaign' });
    const card = screen.getByRole('article');
    expect(within(card).getByRole('img', { name: 'Frame of the campaign “Demo Campaign”' })).toBeTruthy();
    expect(within(card).getByText(fullText('1,234 supporters'))).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Use this twibbon' }).getAttribute('href')).toBe('/demo-campaign/support');
    const telegram = within(card).getByRole('link', { name: 'Share on Telegram (opens in a new tab)' });
    expect(new URL(telegram.getAttribute('href') ?? '').searchParams.get('url')).toBe(`${window.location.origin}/demo-campaign`);
  });
});
