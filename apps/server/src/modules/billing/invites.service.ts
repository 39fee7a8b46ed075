import { randomInt } from 'node:crypto';
import { ErrorCode } from '@lumen/contracts/error-codes';
import type { InviteInfo, Invitations } from '@lumen/contracts/trade';
import { AppError } from '../../lib/app-error';
import { businessDay, startOfNextBusinessDay } from '../../lib/business-day';
import type { Clock } from '../../lib/clock';
import type { LedgerService } from '../credits/ledger.service';
import { DAY_MS, INVITE_DISCOUNT, PARTNER_INVITE_DISCOUNT, maskNickname } from './payment-rules';
import type { TradeRepositories, TradeRepositoriesOn } from './trade.repositories';

/** Unambiguous characters: no 0/O, 1/I/L. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const LIST_LIMIT = 200;

function randomCode(): string {
  return Array.from(
    { length: CODE_LENGTH },
    () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
  ).join('');
}

const normalize = (code: string) => code.trim().toUpperCase();

/** Invite codes, who invited whom, the invitee discount and the daily reward issue. */
export function createInvitesService(deps: {
  repos: TradeRepositoriesOn;
  root: TradeRepositories;
  ledger: LedgerService;
  clock: Clock;
  publicUrl: string;
  nicknameOf(userId: number): Promise<string>;
  /** The user's current reward-bucket balance. */
  rewardBalance(userId: number): Promise<number>;
}) {
  const { root, clock } = deps;

  async function codeFor(userId: number) {
    const existing = await root.invites.findCodeOfUser(userId);
    if (existing) return existing;
    for (let attempt = 0; attempt < 8; attempt++) {
      await root.invites.insertCode({ userId, code: randomCode(), createdAt: clock.now() });
      const mine = await root.invites.findCodeOfUser(userId);
      if (mine) return mine;
    }
    throw new Error('could not allocate an invite code');
  }

  const discountOf = (partner: boolean) => (partner ? PARTNER_INVITE_DISCOUNT : INVITE_DISCOUNT);

  return {
    codeFor,

    /**
     * Sign-up attribution: the first of the codes that is someone's invite code links the new
     * account to its inviter (the web sends a stored code as invitationcode or channel_id).
     */
    async linkSignup(userId: number, candidates: (string | null | undefined)[]) {
      for (const candidate of candidates) {
        if (!candidate) continue;
        const code = await root.invites.findCode(normalize(candidate));
        if (!code || code.userId === userId) continue;
        await root.invites.insertInvitation({
          inviterId: code.userId,
          inviteeId: userId,
          code: code.code,
          status: 'pending',
          createdAt: clock.now(),
        });
        return;
      }
    },

    async inviteInfo(code: string): Promise<InviteInfo> {
      const row = await root.invites.findCode(normalize(code));
      if (!row) throw new AppError(ErrorCode.notFound, 'invite.notFound');
      return {
        role: row.partner ? 'partner' : 'general',
        uid: row.userId,
        discount: discountOf(row.partner),
      };
    },

    /** Percent off the invitee's first membership; 0 for anyone not invited. */
    async inviteeDiscount(userId: number): Promise<number> {
      const row = await root.invites.findInvitationOf(userId);
      return row ? discountOf(row.partner) : 0;
    },

    async invitations(userId: number): Promise<Invitations> {
      const code = await codeFor(userId);
      const [rows, total, redeemable] = await Promise.all([
        root.invites.listInvitations(userId, LIST_LIMIT),
        root.invites.issuedPoints(userId),
        deps.rewardBalance(userId),
      ]);
      const list = await Promise.all(
        rows.map(async (row) => ({
          invitee: maskNickname(await deps.nicknameOf(row.inviteeId)),
          date: row.createdAt.toISOString(),
          status: row.status === 'activated' ? ('activated' as const) : ('pending' as const),
          reward_points: row.rewardPoints,
        })),
      );
      return {
        invite_code: code.code,
        invite_url: `${deps.publicUrl}/?invitation_code=${code.code}`,
        discount: discountOf(code.partner),
        redeemable_points: redeemable,
        total_points: total,
        used_points: Math.max(0, total - redeemable),
        list,
      };
    },

    async setPartner(userId: number, partner: boolean) {
      await codeFor(userId);
      await root.invites.setPartner(userId, partner);
      const code = await codeFor(userId);
      return { user_id: userId, partner: code.partner, invite_code: code.code };
    },

    /**
     * The daily issue (00:00 GMT-8): every invitation activated before the latest 00:00 GMT-8
     * and not yet rewarded pays its points into the inviter's reward bucket, exactly once (the
     * reward row's key and the ledger's idempotency key both stop a second payment). Running
     * it late or twice catches up without paying early. Answers how many were paid.
     */
    async issueInviteRewards(now: Date, batch = 500): Promise<number> {
      const day = businessDay(now);
      const lastMidnight = new Date(startOfNextBusinessDay(now).getTime() - DAY_MS);
      let issued = 0;
      for (const { invitation } of await root.invites.unrewarded(lastMidnight, batch)) {
        if (invitation.rewardPoints <= 0) continue;
        const paid = await deps.ledger.transact(invitation.inviterId, async (unit) => {
          const r = deps.repos(unit.tx);
          const fresh = await r.invites.insertReward({
            invitationId: invitation.id,
            inviterId: invitation.inviterId,
            points: invitation.rewardPoints,
            issueDay: day,
            issuedAt: now,
          });
          if (!fresh) return false;
          await unit.grant({
            amount: invitation.rewardPoints,
            kind: 'reward',
            source: 'invite',
            event: 'bills.inviteReward',
            expiresAt: null,
            idempotencyKey: `invite:${invitation.id}`,
          });
          return true;
        });
        if (paid) issued++;
      }
      return issued;
    },
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;
