/**
 * /ai-twibbon: describe a frame → three suggested designs → "Open in the designer" starts a new draft and goes
 * to /create/frame/{id}, like a template picked in the start dialog. The designer itself is not rendered here
 * (CreateCampaignPage.design.test.tsx covers that hand-off).
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesignDocument } from '../../../contract/design.ts';
import { designDocument } from '../../../contract/design.ts';
import { useDesignStore } from '../../domains/designer/designStore.ts';
import { fullText } from '../../testing/fullText.ts';
import { initTestI18n, missingKeys } from '../../testing/i18n.ts';
import AiTwibbonPage from './AiTwibbonPage.tsx';

// jsdom has no IndexedDB: the device's drafts are a Map here (designDraftDb.browser.test.ts covers the real one).
const device = vi.hoisted(() => new Map<string, unknown>());
vi.mock('../../domains/designer/designDraftDb.ts', () => ({
  saveLocalDraft: async (document: { id: string }) => {
    device.set(document.id, document);
  },
}));

beforeAll(async () => {
  await initTestI18n('en');
});
beforeEach(() => {
  missingKeys.clear();
  device.clear();
  useDesignStore.getState().reset();
  // jsdom has no 2D canvas: the thumbnails keep their blank box.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await initTestI18n('en');
});

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/ai-twibbon', element: <AiTwibbonPage /> },
      { path: '/create/:type/:frameid?', element: <p>Designer page</p> },
    ],
    { initialEntries: ['/ai-twibbon'] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

const suggestions = (heading = 'Suggested designs') => within(screen.getByRole('region', { name: heading })).getAllByRole('listitem');

describe('the describe-a-frame page', () => {
  it('suggests three designs for a description, announced politely, each previewed and named', async () => {
    const { user } = renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Frame ideas from a description');
    expect(screen.queryByRole('region', { name: 'Suggested designs' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Or start from a blank frame.' }).getAttribute('href')).toBe('/create/frame');

    const field = screen.getByRole('textbox', { name: 'Describe your frame' });
    await user.type(field, 'Hari Guru Nasional 2026, SMA Negeri 3 Bandung, blue and gold{Enter}');

    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Designs suggested for “Hari Guru Nasional 2026, SMA Negeri 3 Bandung, blue and gold”.');
    // Focus stays in the field, so the description can be refined; the list follows in tab order.
    expect(document.activeElement).toBe(field);

    const items = suggestions();
    expect(items).toHaveLength(3);
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual(['Graduation laurel', 'Award badge', 'Independence Day (17 August)']);
    expect(within(items[0]!).getByRole('img', { name: 'Preview of Graduation laurel' })).toBeTruthy();
    expect(within(items[0]!).getByText(fullText('Matches: sma, guru'))).toBeTruthy();
    expect(within(items[0]!).getByRole('button', { name: 'Open in the designer' }).getAttribute('aria-describedby')).toBe(within(items[0]!).getByRole('heading').id);
    expect([...missingKeys]).toEqual([]);
  });

  it('gives general designs for an empty description and says how to get closer ones', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Suggest designs' }));
    expect(screen.getByRole('status').textContent).toMatch(/^Here are some general designs\./);
    expect(suggestions().map((item) => within(item).getByText(/design$/).textContent)).toEqual(['A general design', 'A general design', 'A general design']);
  });

  it('opens the chosen design in the frame designer as a new draft kept on this device', async () => {
    const { router, user } = renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Describe your frame' }), 'Fun run for clean rivers, green');
    await user.click(screen.getByRole('button', { name: 'Suggest designs' }));
    const run = suggestions().find((item) => item.dataset.templateId === 'fun-run')!;
    await user.click(within(run).getByRole('button', { name: 'Open in the designer' }));

    await screen.findByText('Designer page');
    const document = useDesignStore.getState().document as DesignDocument;
    expect(router.state.location.pathname).toBe(`/create/frame/${document.id}`);
    expect(document).toMatchObject({ kind: 'frame', templateId: 'fun-run', name: 'Fun run for clean rivers' });
    expect(document.id).not.toMatch(/^suggestion-/);
    expect(Date.parse(document.updatedAt)).toBeGreaterThan(Date.parse('2020-01-01'));
    expect(designDocument.parse(document)).toEqual(document);
    expect(device.get(document.id)).toEqual(document);
  });

  it('speaks Indonesian', async () => {
    await initTestI18n('id');
    const { user } = renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Jelaskan bingkaimu' }), 'Wisuda 2026, merah');
    await user.click(screen.getByRole('button', { name: 'Sarankan desain' }));
    const [first] = suggestions('Desain yang disarankan');
    expect(within(first!).getByRole('heading', { level: 3 }).textContent).toBe('Wisuda');
    expect(within(first!).getByRole('button', { name: 'Buka di desainer' })).toBeTruthy();
    expect([...missingKeys]).toEqual([]);
  });
});
