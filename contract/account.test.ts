import { describe, expect, it } from 'vitest';
import { appealStatuses, refreshResponse } from './account.ts';
import { appealResponse, appealStatuses as profileAppealStatuses } from './accountProfile.ts';

describe('account contract', () => {
  it('has one appeal status list for the refresh flag and the appeal page', () => {
    expect(profileAppealStatuses).toBe(appealStatuses);
    expect(appealStatuses).toEqual(['NOT_YET', 'PENDING', 'ACCEPTED', 'REJECTED']);
    const flag = { suspended: true, appealStatus: 'APPROVED', suspendedAt: 1 };
    expect(refreshResponse.safeParse({ data: { idToken: 't', profile: { flag, emailUpdate: null, applyMonetization: 'FORM' } } }).success).toBe(false);
    expect(appealResponse.safeParse({ data: { appealStatus: 'APPROVED', isSuspended: true, suspendedAt: 1, appeal: null } }).success).toBe(false);
  });

  it('reads the refresh profile in its object form, and the bare address of early servers as { email }', () => {
    const flag = { suspended: false, appealStatus: 'NOT_YET', suspendedAt: null };
    const update = { email: 'new@example.test', requestedAt: 1, expiresAt: 2 };
    expect(refreshResponse.parse({ data: { idToken: 't', profile: { flag, emailUpdate: update, applyMonetization: 'PENDING' } } }).data.profile).toEqual({ flag, emailUpdate: update, applyMonetization: 'PENDING' });
    expect(refreshResponse.parse({ data: { idToken: 't', profile: { flag, emailUpdate: 'new@example.test' } } }).data.profile).toEqual({ flag, emailUpdate: { email: 'new@example.test' }, applyMonetization: 'FORM' });
    expect(refreshResponse.safeParse({ data: { idToken: 't', profile: { flag, emailUpdate: { email: 'new@example.test' }, applyMonetization: 'FORM' } } }).success).toBe(false);
    expect(refreshResponse.safeParse({ data: { idToken: 't', profile: { flag, emailUpdate: null, applyMonetization: 'MAYBE' } } }).success).toBe(false);
  });
});
