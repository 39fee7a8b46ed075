import { parseLanguage } from '@lumen/contracts/i18n';
import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Config } from '../../config/env';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { AuthService } from '../auth/auth.service';
import type { LedgerService } from '../credits/ledger.service';
import { billingAdminRoutes } from './billing.admin.routes';
import { createBillingNotifier } from './billing.notifier';
import { catalogueRoutes } from './catalogue.routes';
import { createCatalogueService } from './catalogue.service';
import { createInvitesService } from './invites.service';
import { membershipRoutes } from './membership.routes';
import { createOrderReviewService } from './order-review.service';
import { ordersRoutes } from './orders.routes';
import { AFTER_TRIAL_DISCOUNT, operationDiscount } from './payment-rules';
import { createPaymentFollowUp } from './payment-follow-up';
import { createPaymentsService } from './payments.service';
import type { PaymentProvider } from './providers/payment-provider';
import { createSandboxProvider } from './providers/sandbox-provider';
import { createStripeProvider } from './providers/stripe-provider';
import { createRedeemService } from './redeem.service';
import { createSandboxCheckoutService } from './sandbox-checkout.service';
import { createSubscriptionsService } from './subscriptions.service';
import { createTradeRepositories } from './trade.repositories';
import { webhooksRoutes } from './webhooks.routes';

type Logger = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/**
 * Membership and payments: the catalogue, orders and providers, subscriptions and trials,
 * invitations and redeem codes, built on the credit ledger. Decision 0010.
 */
export function createBillingModule(deps: {
  db: Database;
  ledger: LedgerService;
  auth: AuthService;
  mailer: Mailer;
  clock: Clock;
  settings: Config['payments'];
  /** Signs sandbox events: PAYMENT_WEBHOOK_SECRET, or one kept in the data dir. */
  sandboxSecret: string;
  publicUrl: string;
  logger: Logger;
  /** Whether the user wants official e-mail notices (account settings). */
  wantsOfficialMail(userId: number): Promise<boolean>;
  /** The user's reward-bucket balance (credits). */
  rewardBalance(userId: number): Promise<number>;
}) {
  const { clock, ledger, settings, publicUrl, logger } = deps;
  const repos = createTradeRepositories;
  const root = createTradeRepositories(deps.db);
  const sandbox = createSandboxProvider({ secret: deps.sandboxSecret });
  // A provider left out here takes no orders and no events: the sandbox pays without money.
  const providers: Partial<Record<'sandbox' | 'stripe', PaymentProvider>> = {
    ...(settings.sandbox ? { sandbox } : {}),
    ...(settings.stripe ? { stripe: createStripeProvider(settings.stripe) } : {}),
  };
  const emailOf = async (userId: number) => (await deps.auth.getUser(userId)).email;
  const followUp = createPaymentFollowUp({
    providers,
    onEffects: createBillingNotifier({
      mailer: deps.mailer,
      async recipientOf(userId) {
        const user = await deps.auth.getUser(userId);
        return { email: user.email, language: parseLanguage(user.language) };
      },
      wantsOfficialMail: deps.wantsOfficialMail,
      publicUrl,
    }),
    logger,
  });

  const catalogue = createCatalogueService({ repository: root.billing, clock });
  const invites = createInvitesService({
    repos,
    root,
    ledger,
    clock,
    publicUrl,
    nicknameOf: async (userId) =>
      (await deps.auth.getUser(userId).catch(() => null))?.nickname ?? '',
    rewardBalance: deps.rewardBalance,
  });
  const promotion = operationDiscount(settings.operationRatio);
  const payments = createPaymentsService({
    repos,
    root,
    ledger,
    catalogue,
    providers,
    defaultProvider: settings.provider,
    // One discount per order, the largest that applies; first-purchase ones on plans only.
    async discountFor(userId, sku) {
      const candidates = [promotion];
      if (sku.kind === 'membership' && !(await root.orders.hasPaidMembership(userId))) {
        candidates.push(await invites.inviteeDiscount(userId));
        if (sku.billCycle === 'month' && (await root.billing.findTrial(userId))) {
          candidates.push(AFTER_TRIAL_DISCOUNT);
        }
      }
      return Math.max(...candidates);
    },
    emailOf,
    followUp,
    clock,
    publicUrl,
    logger,
  });
  const orderReview = createOrderReviewService({
    repos,
    root,
    ledger,
    providers,
    followUp,
    clock,
  });
  const sandboxCheckout = createSandboxCheckoutService({
    root,
    sandbox,
    enabled: settings.sandbox,
    payments,
    clock,
  });
  const subscriptions = createSubscriptionsService({
    repos,
    root,
    ledger,
    providers,
    clock,
    publicUrl,
    trial: { hours: settings.trialHours, credits: settings.trialCredits },
    logger,
  });
  const redeem = createRedeemService({
    repos,
    root,
    ledger,
    clock,
    planCredits: async (grade) =>
      (await root.billing.listSkus({ activeOnly: false })).find(
        (s) => s.kind === 'membership' && s.billCycle === 'month' && s.grade === grade,
      )?.credits ?? 0,
  });

  return {
    catalogue,
    payments,
    subscriptions,
    invites,
    redeem,
    async registerRoutes(app: FastifyInstance) {
      await app.register(catalogueRoutes, {
        catalogue,
        invites,
        operationDiscount: promotion,
        paymentConfig: { provider: settings.provider, test_payments: settings.testPayments },
      });
      await app.register(membershipRoutes, { subscriptions, redeem });
      await app.register(ordersRoutes, { payments, sandboxCheckout });
      await app.register(webhooksRoutes, { payments });
      await app.register(billingAdminRoutes, {
        auth: deps.auth,
        catalogue,
        redeem,
        invites,
        orderReview,
        clock,
      });
    },
  };
}

export type BillingModule = ReturnType<typeof createBillingModule>;
