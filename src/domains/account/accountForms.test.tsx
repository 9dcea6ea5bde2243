import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { missingKeys } from '../../testing/i18n.ts';
import { accountTestLifecycle, clickButton } from '../../testing/accountTestLifecycle.ts';
import { TOKEN_STORAGE_KEY, useAccountStore } from './accountStore.ts';
import { ayuClaims, fakeAccountServer, idToken, json } from '../../testing/fakeAccountServer.ts';
import { changedFields } from './settings/AccountTab.tsx';
import { SignInForm } from './SignInForm.tsx';
import { SignUpForm } from './SignUpForm.tsx';

// The real widget needs workers; here a button stands in for a solved proof of work.
vi.mock(import('./CaptchaField.tsx'), () => ({
  CaptchaField: ({ onChange }: { onChange: (payload: string | null) => void }) => (
    <button type="button" onClick={() => onChange('solved-payload')}>
      solve captcha
    </button>
  ),
}));

function renderInRouter(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }]);
  return render(<RouterProvider router={router} />);
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}


accountTestLifecycle();

describe('SignInForm', () => {
  it('bad input sends nothing and says what is wrong next to the field', async () => {
    const server = fakeAccountServer(() => json({}));
    const onDone = vi.fn();
    renderInRouter(<SignInForm onDone={onDone} onForgot={vi.fn()} onNeedsVerification={vi.fn()} />);
    type('Email', 'not-an-email');
    await clickButton('Sign in');
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Email address is not valid');
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows the server message and its field errors, and signs in when right', async () => {
    let attempt = 0;
    fakeAccountServer(() => (attempt++ === 0 ? json({ message: 'Email or password is wrong', code: 'INVALID_CREDENTIALS', fields: { 'body.password': 'Check your password' } }, 401) : json({ data: { idToken: idToken(ayuClaims) } })));
    const onDone = vi.fn();
    renderInRouter(<SignInForm onDone={onDone} onForgot={vi.fn()} onNeedsVerification={vi.fn()} />);
    type('Email', 'ayu@example.com');
    type('Password', 'wrong-pass1');
    await clickButton('Sign in');
    expect((await screen.findByRole('alert')).textContent).toBe('Email or password is wrong');
    expect(screen.getByText('Check your password')).toBeTruthy();
    expect(useAccountStore.getState().uuid).toBe('');
    await clickButton('Sign in');
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(useAccountStore.getState().uuid).toBe(ayuClaims.sub);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(idToken(ayuClaims));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the captcha when the server asks for it, sends its payload with the next attempts, and shows a wait', async () => {
    const answers = [
      json({ message: 'Too many failed sign-ins: solve the captcha, then sign in again', code: 'CAPTCHA_REQUIRED', fields: { captcha: 'Solve the captcha' } }, 400),
      json({ message: 'The email or password is wrong', code: 'INVALID_CREDENTIALS' }, 401),
      json({ message: 'Too many failed sign-ins; try again in 2 s', code: 'RATE_LIMITED' }, 429),
      json({ data: { idToken: idToken(ayuClaims) } }),
    ];
    const server = fakeAccountServer((call) => (call.url.pathname.endsWith('/account/auth/native') ? answers.shift()! : json({ message: 'not here', code: 'NOT_FOUND' }, 404)));
    const onDone = vi.fn();
    renderInRouter(<SignInForm onDone={onDone} onForgot={vi.fn()} onNeedsVerification={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'solve captcha' })).toBeNull();
    type('Email', 'ayu@example.com');
    type('Password', 'secret123');
    await clickButton('Sign in');
    expect((await screen.findByRole('alert')).textContent).toBe('Several sign-ins to this account failed. Complete the captcha below, then sign in again.');
    // Not solved yet: nothing is sent.
    await clickButton('Sign in');
    expect(screen.getByRole('alert').textContent).toBe('Please complete the captcha first.');
    expect(server.to('/account/auth/native')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'solve captcha' }));
    await clickButton('Sign in');
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The email or password is wrong'));
    fireEvent.click(screen.getByRole('button', { name: 'solve captcha' }));
    await clickButton('Sign in');
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many failed sign-ins; try again in 2 s'));
    fireEvent.click(screen.getByRole('button', { name: 'solve captcha' }));
    await clickButton('Sign in');
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(server.to('/account/auth/native').map((call) => call.json?.captcha)).toEqual([undefined, 'solved-payload', 'solved-payload', 'solved-payload']);
    expect([...missingKeys]).toEqual([]);
  });

  it('hands an unverified account on to verification', async () => {
    fakeAccountServer(() => json({ message: 'Verify your email first', code: 'ACCOUNT_NOT_VERIFIED' }, 403));
    const onNeedsVerification = vi.fn();
    renderInRouter(<SignInForm onDone={vi.fn()} onForgot={vi.fn()} onNeedsVerification={onNeedsVerification} />);
    type('Email', 'ayu@example.com');
    type('Password', 'secret123');
    await clickButton('Sign in');
    await vi.waitFor(() => expect(onNeedsVerification).toHaveBeenCalledOnce());
    expect(useAccountStore.getState().verifyPayload.request).toBe('VERIFY_REGISTRATION');
  });
});

describe('SignUpForm', () => {
  it('refuses a weak password and an unsolved captcha before sending anything', async () => {
    const server = fakeAccountServer(() => json({}));
    const onRegistered = vi.fn();
    renderInRouter(<SignUpForm onRegistered={onRegistered} />);
    type('Name', 'Ayu');
    type('Email', 'ayu@example.com');
    type('Password', 'lettersonly');
    await clickButton('Create account');
    expect(screen.getByText('Password must contain at least one letter and one digit')).toBeTruthy();
    type('Password', 'secret123');
    await clickButton('Create account');
    expect(screen.getByRole('alert').textContent).toBe('Please complete the captcha first.');
    expect(server.calls).toHaveLength(0);
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('registers with the captcha payload and shows a taken email next to the field', async () => {
    let attempt = 0;
    const server = fakeAccountServer(() =>
      attempt++ === 0 ? json({ message: 'This email already has an account', code: 'EMAIL_TAKEN', fields: { email: 'Already registered' } }, 409) : json({ data: { email: 'ayu@example.com', request: 'VERIFY_REGISTRATION' } }, 201),
    );
    const onRegistered = vi.fn();
    renderInRouter(<SignUpForm onRegistered={onRegistered} />);
    type('Name', 'Ayu');
    type('Email', 'ayu@example.com');
    type('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'solve captcha' }));
    await clickButton('Create account');
    expect(await screen.findByText('Already registered')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This email already has an account');
    fireEvent.click(screen.getByRole('button', { name: 'solve captcha' }));
    await clickButton('Create account');
    await vi.waitFor(() => expect(onRegistered).toHaveBeenCalledOnce());
    expect(server.calls.map((call) => call.headers.get('x-altcha'))).toEqual(['solved-payload', 'solved-payload']);
    expect(useAccountStore.getState().verifyPayload).toEqual({ otp: '', email: 'ayu@example.com', request: 'VERIFY_REGISTRATION' });
    expect([...missingKeys]).toEqual([]);
  });
});

describe('profile changes', () => {
  it('sends only the fields that changed', () => {
    const current = { name: 'Ayu', username: 'ayu', bio: '', websiteLink: 'https://ayu.example.com' };
    expect(changedFields(current, { ...current })).toEqual({});
    expect(changedFields(current, { ...current, name: 'Ayu L', bio: 'Hi' })).toEqual({ name: 'Ayu L', bio: 'Hi' });
    // An empty website clears it, so '' is a change too.
    expect(changedFields(current, { ...current, websiteLink: '' })).toEqual({ websiteLink: '' });
  });
});
