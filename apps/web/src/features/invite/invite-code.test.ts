import { afterEach, describe, expect, it } from 'vitest';
import { captureInviteCode, storeInviteCode } from './invite-code';

afterEach(() => window.localStorage.clear());

describe('invite code capture', () => {
  it('stores the code of an invite link where sign-in reads it', () => {
    expect(captureInviteCode('?utm=x&invite=AB12cd')).toBe(true);
    expect(window.localStorage.getItem('invitation_code')).toBe('AB12cd');
    // A later link replaces the earlier one.
    expect(captureInviteCode('?invite=ZZ99')).toBe(true);
    expect(window.localStorage.getItem('invitation_code')).toBe('ZZ99');
    // The form of the server's invite_url.
    expect(captureInviteCode('?invitation_code=QW7')).toBe(true);
    expect(window.localStorage.getItem('invitation_code')).toBe('QW7');
  });

  it('ignores addresses without a code and codes that are not codes', () => {
    window.localStorage.setItem('invitation_code', 'KEEP1');
    expect(captureInviteCode('?foo=bar')).toBe(false);
    expect(captureInviteCode('?invite=')).toBe(false);
    expect(storeInviteCode('<script>')).toBe(false);
    expect(storeInviteCode('x'.repeat(65))).toBe(false);
    expect(window.localStorage.getItem('invitation_code')).toBe('KEEP1');
  });
});
