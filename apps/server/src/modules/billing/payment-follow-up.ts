import type { PaymentProvider as ProviderName } from '@lumen/contracts/trade';
import type { Applied, Effect } from './payment-events';
import type { PaymentProvider } from './providers/payment-provider';

type Logger = { error(obj: object, msg: string): void };

/**
 * Work that waits for the commit of an applied payment: a second plan stops renewing at its
 * provider, and the notices go out. Failures are logged, never undo the payment.
 */
export function createPaymentFollowUp(deps: {
  providers: Partial<Record<ProviderName, PaymentProvider>>;
  onEffects(effects: Effect[]): Promise<void>;
  logger: Logger;
}) {
  return async function followUp(provider: ProviderName, applied: Applied, cause: string) {
    for (const effect of applied.effects) {
      if (effect.kind !== 'second_plan' || !effect.subscription.providerSubscriptionId) continue;
      const turnOff = deps.providers[provider]?.setCancelAtPeriodEnd(effect.subscription, true);
      await turnOff?.catch((err: unknown) => {
        deps.logger.error(
          { err, subscription: effect.subscription.id },
          "turning off a second plan's renewal failed",
        );
      });
    }
    if (applied.effects.length) {
      await deps.onEffects(applied.effects).catch((err: unknown) => {
        deps.logger.error({ err, cause }, 'payment event follow-up failed');
      });
    }
  };
}

export type PaymentFollowUp = ReturnType<typeof createPaymentFollowUp>;
