import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CAPTCHA_HEADER } from '../../../contract/account.ts';
import { appealBody, appealResponse, type AppealResponse } from '../../../contract/accountProfile.ts';
import { missingKeys } from '../../testing/i18n.ts';
import { accountTestLifecycle, clickButton } from '../../testing/accountTestLifecycle.ts';
import { TOKEN_STORAGE_KEY, useAccountStore } from '../../domains/account/accountStore.ts';
import { ayuClaims, fakeAccountServer, json, type Call } from '../../testing/fakeAccountServer.ts';
import AppealPage from './AppealPage.tsx';

/*
 * The e2e server runs on PGlite, which one process holds locked, so no script can suspend an account there while
 * it runs. This drives the page against a stand-in that follows the server's rules (services/appeals.ts) and
 * answers only bodies the contract parses.
 */

// The real widget needs workers; here a button stands in for a solved proof of work.
vi.mock(import('../../domains/account/CaptchaField.tsx'), () => ({
  CaptchaField: ({ onChange }: { onChange: (payload: string | null) => void }) => (
    <button type="button" onClick={() => onChange('solved-payload')}>
      solve captcha
    </button>
  ),
}));

type Appeal = AppealResponse['data'];
const SUSPENDED_AT = 1_760_100_000_000;

/** GET and POST /account/appeal with the server's transitions: one appeal per suspension, NOT_YET → PENDING only. */
function appealServer(initial: Appeal) {
  let state = initial;
  const answer = () => json(appealResponse.parse({ data: state }));
  return fakeAccountServer((call: Call) => {
    if (call.headers.get('authorization') !== 'Bearer token') return json({ message: 'Sign in first', code: 'UNAUTHORIZED' }, 401);
    if (call.url.pathname !== '/api/v2/account/appeal') return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    if (call.method === 'GET') return answer();
    if (call.headers.get(CAPTCHA_HEADER) !== 'solved-payload') return json({ message: 'The captcha is not solved', code: 'CAPTCHA_INVALID' }, 400);
    const body = appealBody.safeParse(call.json);
    if (!body.success) return json({ message: 'Invalid body', code: 'VALIDATION_FAILED' }, 400);
    if (!state.isSuspended || state.appealStatus !== 'NOT_YET') return json({ message: 'Your appeal was reviewed and rejected; the suspension stands', code: 'CONFLICT' }, 409);
    state = { ...state, appealStatus: 'PENDING', appeal: { message: body.data.message, fileUrl: null, createdAt: SUSPENDED_AT + 1000 } };
    return answer();
  });
}

function show() {
  const router = createMemoryRouter([{ path: '/appeal', element: <AppealPage /> }], { initialEntries: ['/appeal'] });
  render(<RouterProvider router={router} />);
}


accountTestLifecycle({ uuid: ayuClaims.sub, name: 'Ayu', email: 'ayu@example.com', isSuspended: true, suspendedAt: SUSPENDED_AT }, 'token');

describe('appeal page', () => {
  it('a suspended account without an appeal sends one (message checked, captcha required) and then sees it pending', async () => {
    const server = appealServer({ appealStatus: 'NOT_YET', isSuspended: true, suspendedAt: SUSPENDED_AT, appeal: null });
    show();
    await screen.findByText('Your account is suspended. You have not appealed yet.');
    fireEvent.change(screen.getByLabelText('Why should the suspension be lifted?'), { target: { value: 'Too short' } });
    await clickButton('Send appeal');
    expect(screen.getByText('Tell us in at least 20 characters why the suspension should be lifted')).toBeTruthy();
    const message = 'My campaign was a school event, not spam; please look again.';
    fireEvent.change(screen.getByLabelText('Why should the suspension be lifted?'), { target: { value: message } });
    await clickButton('Send appeal');
    expect(screen.getByRole('alert').textContent).toBe('Please complete the captcha first.');
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'solve captcha' }));
    await clickButton('Send appeal');
    await screen.findByText('Your appeal is being reviewed.');
    const [post] = server.calls.filter((call) => call.method === 'POST');
    expect(post?.json).toEqual({ message });
    expect(post?.headers.get(CAPTCHA_HEADER)).toBe('solved-payload');
    expect(screen.getByText(message)).toBeTruthy();
    // Pending: no second appeal can be sent.
    expect(screen.queryByRole('button', { name: 'Send appeal' })).toBeNull();
    expect(useAccountStore.getState()).toMatchObject({ appealStatus: 'PENDING', isSuspended: true, suspendedAt: SUSPENDED_AT });
    expect([...missingKeys]).toEqual([]);
  });

  it('a rejected appeal is final for that suspension: the page says so and offers no form', async () => {
    const appeal = { message: 'Please restore my account, it was a mistake.', fileUrl: null, createdAt: SUSPENDED_AT + 1000 };
    appealServer({ appealStatus: 'REJECTED', isSuspended: true, suspendedAt: SUSPENDED_AT, appeal });
    show();
    await screen.findByText('Your appeal was reviewed and rejected. The suspension stands and cannot be appealed again.');
    expect(screen.getByText(appeal.message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send appeal' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(useAccountStore.getState().appealStatus).toBe('REJECTED');
    expect([...missingKeys]).toEqual([]);
  });

  it('an accepted appeal lifts the suspension in the store; signing out clears the account', async () => {
    appealServer({ appealStatus: 'ACCEPTED', isSuspended: false, suspendedAt: null, appeal: { message: 'It was a school event, not spam at all.', fileUrl: null, createdAt: SUSPENDED_AT + 1000 } });
    show();
    await screen.findByText('Your account is not suspended.');
    expect(useAccountStore.getState()).toMatchObject({ isSuspended: false, appealStatus: 'ACCEPTED', suspendedAt: 0 });
    await clickButton('Sign out');
    expect(useAccountStore.getState().uuid).toBe('');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('a failed status read shows the error and retries', async () => {
    let fail = true;
    fakeAccountServer(() => (fail ? json({ message: 'Service unavailable', code: 'UNAVAILABLE' }, 503) : json(appealResponse.parse({ data: { appealStatus: 'NOT_YET', isSuspended: true, suspendedAt: SUSPENDED_AT, appeal: null } }))));
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('Service unavailable');
    fail = false;
    await clickButton('Try again');
    await screen.findByText('Your account is suspended. You have not appealed yet.');
  });
});
