import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const ACCOUNT_STORAGE_KEY = 'bingkai-account';
export const TOKEN_STORAGE_KEY = 'bingkai-token';

export type AuthOption = 'sign-in' | 'sign-up' | 'forgot-password';
export type ProviderName = 'apple' | 'facebook' | 'google';

export interface LinkedAccount {
  name: string;
  email: string;
}

export interface Subscription {
  plan: string;
  [key: string]: unknown;
}

export interface VerifyPayload {
  otp: string;
  email: string;
  /** Pending verification request kind; '' when nothing is pending. */
  request: string;
}

/** Seed §3 Account, serializable data only. */
export interface AccountData {
  user: Record<string, unknown> | null;
  loading: boolean;
  /** `returnTo`: where verifying a new account leads, when the dialog was opened by a page that waits for it (the create page). */
  modal: { show: boolean; authOption: AuthOption; returnTo?: string };
  error: string | null;
  verifyPayload: VerifyPayload;
  associatedAccount: Record<ProviderName, LinkedAccount | null>;
  avatar: string;
  banner: string;
  createdAt: number;
  email: string;
  isPassword: boolean;
  isVerified: boolean;
  isSuspended: boolean;
  appealStatus: string;
  applyMonetization: string;
  suspendedAt: number;
  lastPasswordUpdate: number;
  name: string;
  subscription: Subscription | null;
  username: string;
  uuid: string;
  bio: string;
  websiteLink: string;
  country: string;
  language: string;
  locale: string;
  emailUpdate: Record<string, unknown> | null;
}

export interface AccountActions {
  /** Merges data fields (for example after a token refresh). */
  patch: (data: Partial<AccountData>) => void;
  openAuthModal: (authOption?: AuthOption, options?: { returnTo?: string }) => void;
  closeAuthModal: () => void;
  setAuthOption: (authOption: AuthOption) => void;
  /** Removes the token, clears every account field and resets the sign-in modal. */
  logout: () => void;
}

export type AccountState = AccountData & AccountActions;

export function accountDefaults(): AccountData {
  return {
    user: null,
    loading: false,
    modal: { show: false, authOption: 'sign-in' },
    error: null,
    verifyPayload: { otp: '', email: '', request: '' },
    associatedAccount: { apple: null, facebook: null, google: null },
    avatar: '',
    banner: '',
    createdAt: 0,
    email: '',
    isPassword: false,
    isVerified: false,
    isSuspended: false,
    appealStatus: 'NOT_YET',
    applyMonetization: 'FORM',
    suspendedAt: 0,
    lastPasswordUpdate: 0,
    name: '',
    subscription: null,
    username: '',
    uuid: '',
    bio: '',
    websiteLink: '',
    country: '',
    language: '',
    locale: '',
    emailUpdate: null,
  };
}

const DATA_KEYS = Object.keys(accountDefaults()) as (keyof AccountData)[];

/** Logged in means a uuid exists (seed §4). */
export function isLoggedIn(state: Pick<AccountData, 'uuid'>): boolean {
  return typeof state.uuid === 'string' && state.uuid.length > 0;
}

function claimText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function claimNumber(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  const parsed = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : 0;
}

/** The payload of a JWT (base64url JSON), or null when the token is not one. */
export function decodeIdToken(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Account fields carried by an ID token (seed §3), or null when it has no subject. */
export function accountFromIdToken(token: string): Partial<AccountData> | null {
  const claims = decodeIdToken(token);
  const uuid = claimText(claims?.sub);
  if (!claims || !uuid) return null;
  const associatedAccount: AccountData['associatedAccount'] = { apple: null, facebook: null, google: null };
  for (const entry of Array.isArray(claims.associatedAccount) ? (claims.associatedAccount as unknown[]) : []) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { provider, name, email } = entry as Record<string, unknown>;
    if (provider === 'apple' || provider === 'facebook' || provider === 'google') associatedAccount[provider] = { name: claimText(name), email: claimText(email) };
  }
  const subscription = typeof claims.subscription === 'object' && claims.subscription !== null && typeof (claims.subscription as Subscription).plan === 'string' ? (claims.subscription as Subscription) : null;
  return {
    uuid,
    user: claims,
    name: claimText(claims.name),
    username: claimText(claims.username),
    email: claimText(claims.email),
    createdAt: claimNumber(claims.createdAt),
    avatar: claimText(claims.avatar),
    subscription,
    isPassword: claims.isPassword === true,
    isVerified: claims.isVerified === true,
    lastPasswordUpdate: claimNumber(claims.lastPasswordUpdate),
    associatedAccount,
  };
}

/** Free plan = no subscription, or a plan that is neither supporter ('premiumn') nor creator ('diamond'). */
export function isFreePlan(state: Pick<AccountData, 'subscription'>): boolean {
  const plan = state.subscription?.plan ?? '';
  return !plan.includes('premiumn') && !plan.includes('diamond');
}

export const useAccountStore = create<AccountState>()(
  persist(
    (set) => ({
      ...accountDefaults(),
      patch: (data) => set(data),
      openAuthModal: (authOption = 'sign-in', options = {}) => set({ modal: { show: true, authOption, ...(options.returnTo ? { returnTo: options.returnTo } : {}) } }),
      closeAuthModal: () => set((state) => ({ modal: { ...state.modal, show: false } })),
      setAuthOption: (authOption) => set((state) => ({ modal: { ...state.modal, authOption } })),
      logout: () => {
        try {
          localStorage.removeItem(TOKEN_STORAGE_KEY);
        } catch (error) {
          console.error('Could not remove the token', error);
        }
        set(accountDefaults());
      },
    }),
    {
      name: ACCOUNT_STORAGE_KEY,
      version: 0,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => {
        const data: Partial<AccountData> = {};
        for (const key of DATA_KEYS) (data as Record<string, unknown>)[key] = state[key];
        // The dialog belongs to this page view: one left open must not open again on the next load.
        data.modal = accountDefaults().modal;
        return data as AccountData;
      },
      // Stored state may predate a field: keep defaults for anything missing. The dialog always starts closed,
      // also when an older version stored it open.
      merge: (persisted, current) => ({ ...current, ...(persisted as Partial<AccountData> | undefined), modal: current.modal }),
    },
  ),
);
