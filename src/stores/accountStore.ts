import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const ACCOUNT_STORAGE_KEY = 'bingkai-account';
export const TOKEN_STORAGE_KEY = 'bingkai-token';

export type AuthOption = 'sign-in' | 'sign-up';
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
  modal: { show: boolean; authOption: AuthOption };
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
  openAuthModal: (authOption?: AuthOption) => void;
  closeAuthModal: () => void;
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
      openAuthModal: (authOption = 'sign-in') => set({ modal: { show: true, authOption } }),
      closeAuthModal: () => set((state) => ({ modal: { ...state.modal, show: false } })),
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
        return data as AccountData;
      },
      // Stored state may predate a field: keep defaults for anything missing.
      merge: (persisted, current) => ({ ...current, ...(persisted as Partial<AccountData> | undefined) }),
    },
  ),
);
