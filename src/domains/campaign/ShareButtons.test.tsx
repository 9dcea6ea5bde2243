import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accountTestLifecycle } from '../../testing/accountTestLifecycle.ts';
import { fakeAccountServer } from '../../testing/fakeAccountServer.ts';
import { ShareButtons } from './ShareButtons.tsx';

describe('ShareButtons and the creator analytics', () => {
  accountTestLifecycle();

  function server() {
    return fakeAccountServer(() => new Response(null, { status: 204 }));
  }

  it('tells the analytics of each share by channel, in the background, once the share happened', async () => {
    const calls = server();
    const keepalive: (boolean | undefined)[] = [];
    const serve = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/shares')) keepalive.push(init?.keepalive);
      return serve(input, init);
    });
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => undefined) } });
    render(<ShareButtons url="https://bingkai.test/merdeka" text="Join" campaignUri="merdeka" />);

    const whatsapp = screen.getByRole('link', { name: 'Share on WhatsApp (opens in a new tab)' });
    // The link opens as before: the report does not hold it up.
    whatsapp.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(whatsapp);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    });
    await waitFor(() => expect(calls.to('/campaigns/merdeka/shares').map((call) => call.json)).toEqual([{ channel: 'whatsapp' }, { channel: 'copy_link' }]));
    expect(calls.to('/campaigns/merdeka/shares').every((call) => call.method === 'POST')).toBe(true);
    expect(keepalive).toEqual([true, true]);
  });

  it('tells nothing without a campaign, and nothing when copying failed', async () => {
    const calls = server();
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    const { unmount } = render(<ShareButtons url="https://bingkai.test/merdeka" text="Join" campaignUri="merdeka" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    });
    unmount();
    render(<ShareButtons url="https://bingkai.test/p/abc" text="Join" />);
    fireEvent.click(screen.getByRole('link', { name: 'Share on X (opens in a new tab)' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls.calls.filter((call) => call.url.pathname.endsWith('/shares'))).toEqual([]);
  });
});
