import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { handOffFirstView } from './firstViewHandoff.ts';

// React's act() environment, as @testing-library sets it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let reactRoot: Root | undefined;

function shell(withFirstView: boolean): HTMLElement {
  document.body.innerHTML = `${withFirstView ? '<div id="first-view"><h1>Merdeka 80</h1></div>' : ''}<div id="root"></div>`;
  return document.getElementById('root')!;
}

/** What the app shows: a page element, busy while it loads (PageStatus, BootFallback). */
function Page({ route, busy }: { route: string; busy: boolean }) {
  return <div data-route={route} aria-busy={busy} />;
}

async function show(root: HTMLElement, page: { route: string; busy: boolean } | null) {
  reactRoot ??= createRoot(root);
  await act(async () => reactRoot!.render(page ? <Page {...page} /> : <div aria-busy="true" />));
}

afterEach(() => {
  act(() => reactRoot?.unmount());
  reactRoot = undefined;
  document.body.innerHTML = '';
});

describe('handOffFirstView', () => {
  it('keeps the first view while the app loads, and removes it once the page is ready', async () => {
    const root = shell(true);
    handOffFirstView(root);
    await show(root, null);
    expect(document.getElementById('first-view')).not.toBeNull();
    await show(root, { route: 'campaign', busy: true });
    expect(document.getElementById('first-view')).not.toBeNull();
    await show(root, { route: 'campaign', busy: false });
    expect(document.getElementById('first-view')).toBeNull();
    expect(root.querySelector('[data-route="campaign"]')).not.toBeNull();
  });

  it('gives way to an error or another page as well, so it never hides them', async () => {
    const root = shell(true);
    handOffFirstView(root);
    await show(root, { route: 'error', busy: false });
    expect(document.getElementById('first-view')).toBeNull();
  });

  it('does nothing on pages without a first view', async () => {
    const root = shell(false);
    handOffFirstView(root);
    await show(root, { route: 'home', busy: false });
    expect(root.querySelector('[data-route="home"]')).not.toBeNull();
  });
});
