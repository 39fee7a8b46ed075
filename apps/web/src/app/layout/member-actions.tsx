import { CreditsBadge } from '../../features/credits/components/credits-badge';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { PlanChip } from '../../features/membership/components/plan-chip';

/** The header's plan, balance and notifications: shown to signed-in users only. */
export function MemberActions({ compact }: { compact: boolean }) {
  return (
    <>
      <PlanChip compact={compact} />
      <CreditsBadge compact={compact} />
      <NotificationBell compact={compact} />
    </>
  );
}
