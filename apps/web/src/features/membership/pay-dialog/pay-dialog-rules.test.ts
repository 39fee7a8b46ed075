import { describe, expect, it } from 'vitest';
import { messageKeyFor, requestForCode, resolvePayDialogView } from './pay-dialog-rules';

describe('pay dialog rules', () => {
  it('maps 2007 and 2020 to their requests and ignores other codes', () => {
    expect(requestForCode(2007, ' No points ')).toEqual({
      tab: 'credits',
      reason: 'noCredits',
      message: 'No points',
    });
    expect(requestForCode(2020, '')).toEqual({
      tab: 'membership',
      showTab: false,
      reason: 'upgrade',
      message: undefined,
    });
    expect(requestForCode(1001, 'Invalid')).toBeNull();
  });

  it('gives a free user the tab asked for and a paid user the credits tab', () => {
    expect(resolvePayDialogView({}, false)).toEqual({ tab: 'membership', showTab: true });
    expect(resolvePayDialogView({ tab: 'credits', showTab: false }, false)).toEqual({
      tab: 'credits',
      showTab: false,
    });
    expect(resolvePayDialogView({ tab: 'membership', showTab: false }, true)).toEqual({
      tab: 'credits',
      showTab: true,
    });
  });

  it('shows a free user who may claim the trial the trial first, whatever tab was asked for', () => {
    expect(resolvePayDialogView({ tab: 'credits' }, false, true)).toEqual({
      tab: 'membership',
      showTab: true,
    });
    expect(resolvePayDialogView({ tab: 'membership', showTab: false }, false, true)).toEqual({
      tab: 'membership',
      showTab: false,
    });
    expect(resolvePayDialogView({ tab: 'credits' }, false, false)).toEqual({
      tab: 'credits',
      showTab: true,
    });
    expect(resolvePayDialogView({ tab: 'membership' }, true, true)).toEqual({
      tab: 'credits',
      showTab: true,
    });
  });

  it('tells paid users to get credits rather than to subscribe', () => {
    expect(messageKeyFor('noCredits', false)).toBe('payDialog.messages.noCredits');
    expect(messageKeyFor('noCredits', true)).toBe('payDialog.messages.noCreditsPaid');
    expect(messageKeyFor('upgrade', true)).toBe('payDialog.messages.upgrade');
    expect(messageKeyFor(undefined, false)).toBeNull();
  });
});
