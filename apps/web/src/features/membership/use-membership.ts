import { isPaidAccount, useAccountInfo } from '../../shared/session/account-info';
import { useSession } from '../../shared/session/session-store';
import { useSubscription } from './api/get-subscription';
import { useTrialEligibility } from './api/get-trial-eligibility';

/** What the plan pages and the pay dialog decide by: session, account, subscription, trial. */
export function useMembership() {
  const signedIn = useSession((s) => s.user !== null);
  const account = useAccountInfo();
  const subscription = useSubscription();
  const trial = useTrialEligibility();
  return {
    signedIn,
    account: account.data,
    paid: isPaidAccount(account.data),
    subscription: subscription.data,
    /** A free user who may claim the Plus trial now (spec §4: once, not with a plan). */
    trialOffered: signedIn && trial.data?.threeDay === true,
    trial: trial.data,
  };
}

export type MembershipState = ReturnType<typeof useMembership>;
