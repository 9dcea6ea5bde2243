import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAccountStore } from '../../domains/account/accountStore.ts';
import { accountTestLifecycle } from '../../testing/accountTestLifecycle.ts';
import { initTestI18n, missingKeys } from '../../testing/i18n.ts';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import ProfilePage from './ProfilePage.tsx';

function showProfile() {
  fakeAccountServer(() => json({ data: { items: [], page: 1, limit: 10, total: 0 } }));
  render(<RouterProvider router={createMemoryRouter([{ path: '/profile', element: <ProfilePage /> }], { initialEntries: ['/profile'] })} />);
  return screen.getByTestId('profile-plan').textContent;
}

describe('the own profile', () => {
  accountTestLifecycle({ uuid: 'u-1', name: 'Ayu', username: 'ayu', email: 'ayu@example.com' });

  it('names the plan in words, never by its id', () => {
    expect(showProfile()).toBe('Free');
  });

  it.each([
    ['diamond_monthly', 'Creator plan, billed monthly'],
    ['creator-diamond-yearly', 'Creator plan, billed yearly'],
    ['premiumn-monthly', 'Supporter plan, billed monthly'],
    ['creator-diamond', 'Creator plan'],
    // A plan of neither tier grants nothing: the free plan, as the plan rules treat it.
    ['basic', 'Free'],
  ])('shows %s as “%s”', (plan, name) => {
    useAccountStore.setState({ subscription: { plan } });
    expect(showProfile()).toBe(name);
    expect(missingKeys.size).toBe(0);
  });

  it('says it in the reader’s language', async () => {
    await initTestI18n('id');
    try {
      useAccountStore.setState({ subscription: { plan: 'diamond_monthly' } });
      expect(showProfile()).toBe('Paket kreator, ditagih bulanan');
    } finally {
      await initTestI18n('en');
    }
  });
});
