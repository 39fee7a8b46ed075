import type { Executor } from '../../db/database';
import { createBillingRepository } from './billing.repository';
import { createInvitesRepository } from './invites.repository';
import { createOrdersRepository } from './orders.repository';
import { createRedeemRepository } from './redeem.repository';

/**
 * The billing module's repositories on one executor: the database, or the transaction a
 * unit of work (a paid order and its credits) runs in.
 */
export function createTradeRepositories(ex: Executor) {
  return {
    billing: createBillingRepository(ex),
    orders: createOrdersRepository(ex),
    invites: createInvitesRepository(ex),
    redeem: createRedeemRepository(ex),
  };
}

export type TradeRepositories = ReturnType<typeof createTradeRepositories>;
export type TradeRepositoriesOn = (ex: Executor) => TradeRepositories;
