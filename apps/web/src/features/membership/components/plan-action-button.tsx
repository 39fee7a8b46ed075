import type { Sku, Subscription } from '@lumen/contracts/trade';
import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { useCheckout } from '../api/create-order';
import { planActionFor } from '../catalogue';

/**
 * The buy button of a plan: signs in first, buys, marks the current plan, or (spec §4) says a
 * running plan has to be cancelled before another is chosen.
 */
export function PlanActionButton({
  sku,
  planLabel,
  signedIn,
  subscription,
  ...buttonProps
}: {
  sku: Sku;
  planLabel: string;
  signedIn: boolean;
  subscription: Subscription | null | undefined;
} & ButtonProps) {
  const { t } = useTranslation();
  const openLogin = useSession((s) => s.openLogin);
  const checkout = useCheckout();
  const action = planActionFor(sku, { signedIn, subscription });

  if (action === 'current' || action === 'cancelFirst') {
    return (
      <Button {...buttonProps} disabled>
        {t(action === 'current' ? 'membership.plan.current' : 'membership.plan.cancelFirst')}
      </Button>
    );
  }
  return (
    <Button
      {...buttonProps}
      // Stays busy until the browser has left for the checkout.
      loading={checkout.isPending || checkout.isSuccess}
      onClick={() => (action === 'signIn' ? openLogin() : checkout.mutate({ sku_id: sku.sku_id }))}
    >
      {t('membership.plan.get', { plan: planLabel })}
    </Button>
  );
}
