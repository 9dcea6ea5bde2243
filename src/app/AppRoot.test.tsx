import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from 'radix-ui';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../testing/i18n.ts';
import { AppRoot } from './AppRoot.tsx';

function ThreeTabs() {
  return (
    <Tabs.Root defaultValue="one">
      <Tabs.List aria-label="Tabs">
        {['one', 'two', 'three'].map((value) => (
          <Tabs.Trigger key={value} value={value}>
            {value}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
}

/** Focuses the first tab, presses ArrowRight, and says which tab has the focus then. */
async function afterArrowRight(): Promise<string | null> {
  const router = createMemoryRouter([{ element: <AppRoot />, children: [{ path: '/', element: <ThreeTabs /> }] }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
  const first = await screen.findByRole('tab', { name: 'one' });
  first.focus();
  await userEvent.keyboard('{ArrowRight}');
  return document.activeElement?.textContent ?? null;
}

beforeAll(() => initTestI18n('en'));
afterEach(cleanup);
afterAll(() => initTestI18n('en'));

describe('AppRoot', () => {
  it('gives Radix the locale’s direction: ArrowRight goes forward in English and wraps back in Arabic', async () => {
    expect(await afterArrowRight()).toBe('two');
    cleanup();
    await initTestI18n('en').then((i18n) => i18n.changeLanguage('ar'));
    // Right to left, ArrowRight goes back: from the first tab it wraps round to the last.
    expect(await afterArrowRight()).toBe('three');
  });
});
