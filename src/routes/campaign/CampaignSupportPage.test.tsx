import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiMock, fakeGet } from '../../testing/apiMock.ts';
import { initTestI18n, missingKeys } from '../../testing/i18n.ts';
import { ApiError } from '../../api/ApiError.ts';
import { apiV2 } from '../../api/index.ts';
import CampaignSupportPage from './CampaignSupportPage.tsx';

vi.mock(import('../../api/clients.ts'), async (original) => {
  const { createApiMock: make } = await import('../../testing/apiMock.ts');
  return { ...(await original()), apiV2: make() as ReturnType<typeof createApiMock> as never };
});

const api = apiV2 as unknown as ReturnType<typeof createApiMock>;

beforeAll(async () => {
  await initTestI18n('en');
});

afterEach(() => {
  cleanup();
  api.get.mockImplementation(fakeGet);
  vi.restoreAllMocks();
  missingKeys.clear();
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/:uri/support', element: <CampaignSupportPage /> },
      { path: '/:uri', element: <h1>Campaign page with the access form</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('CampaignSupportPage', () => {
  it('shows the campaign title in its one h1 (this jsdom has no workers, so it says the browser cannot frame photos)', async () => {
    renderAt('/demo-campaign/support');
    expect((await screen.findByRole('heading', { level: 1, name: /Demo Campaign/ })).textContent).toBe('Add your photo to “Demo Campaign”');
    expect(document.querySelector('[data-route="campaign-support"]')).not.toBeNull();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toContain('cannot frame photos');
    expect(missingKeys.size).toBe(0);
  });

  it.each(['ACCESS_CODE_REQUIRED', 'ACCESS_CODE_INVALID'] as const)('sends a visitor without a valid access code (%s) to the campaign page', async (code) => {
    api.get.mockRejectedValue(new ApiError({ status: 403, code, message: 'Access code needed' }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = renderAt('/secret-campaign/support');
    await screen.findByRole('heading', { name: 'Campaign page with the access form' });
    expect(router.state.location.pathname).toBe('/secret-campaign');
  });

  it('renders the 404 page for an unknown campaign', async () => {
    renderAt('/nobody-knows/support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeDefined();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });

  it('offers a retry when the campaign cannot be loaded', async () => {
    api.get.mockRejectedValueOnce(new ApiError({ status: 0, code: 'NETWORK', message: 'offline' }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/demo-campaign/support');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    retry.click();
    expect((await screen.findByRole('heading', { level: 1, name: /Demo Campaign/ })).textContent).toContain('Demo Campaign');
  });
});
