import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { inviteCodes, inviteRewards, invitations } from './invites.schema';

/** Invite codes, invitations and the rewards issued for them. */
export function createInvitesRepository(db: Executor) {
  return {
    async findCodeOfUser(userId: number) {
      const [row] = await db.select().from(inviteCodes).where(eq(inviteCodes.userId, userId));
      return row;
    },
    async findCode(code: string) {
      const [row] = await db.select().from(inviteCodes).where(eq(inviteCodes.code, code));
      return row;
    },
    /** Answers false when the code is taken (by this user or another). */
    async insertCode(row: typeof inviteCodes.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(inviteCodes)
        .values(row)
        .onConflictDoNothing()
        .returning({ userId: inviteCodes.userId });
      return inserted.length > 0;
    },
    async setPartner(userId: number, partner: boolean) {
      await db.update(inviteCodes).set({ partner }).where(eq(inviteCodes.userId, userId));
    },

    async insertInvitation(row: typeof invitations.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(invitations)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: invitations.id });
      return inserted.length > 0;
    },
    async findInvitationOf(inviteeId: number) {
      const [row] = await db
        .select({ invitation: invitations, partner: inviteCodes.partner })
        .from(invitations)
        .innerJoin(inviteCodes, eq(inviteCodes.userId, invitations.inviterId))
        .where(eq(invitations.inviteeId, inviteeId));
      return row;
    },
    /** The invitee subscribed: the invitation is activated once, with the tier's reward. */
    async activate(inviteeId: number, grade: number, points: number, now: Date) {
      await db
        .update(invitations)
        .set({ status: 'activated', grade, rewardPoints: points, activatedAt: now })
        .where(and(eq(invitations.inviteeId, inviteeId), eq(invitations.status, 'pending')));
    },
    listInvitations(inviterId: number, limit: number) {
      return db
        .select()
        .from(invitations)
        .where(eq(invitations.inviterId, inviterId))
        .orderBy(desc(invitations.createdAt), desc(invitations.id))
        .limit(limit);
    },
    async issuedPoints(inviterId: number): Promise<number> {
      const [row] = await db
        .select({ sum: sql<string>`coalesce(sum(${inviteRewards.points}), 0)` })
        .from(inviteRewards)
        .where(eq(inviteRewards.inviterId, inviterId));
      return Number(row?.sum ?? 0);
    },
    /** Activated invitations with a reward still to issue, activated before `until`. */
    unrewarded(until: Date, limit: number) {
      return db
        .select({ invitation: invitations })
        .from(invitations)
        .leftJoin(inviteRewards, eq(inviteRewards.invitationId, invitations.id))
        .where(
          and(
            eq(invitations.status, 'activated'),
            lt(invitations.activatedAt, until),
            isNull(inviteRewards.invitationId),
          ),
        )
        .orderBy(invitations.id)
        .limit(limit);
    },
    /** Answers false when this invitation's reward was already issued. */
    async insertReward(row: typeof inviteRewards.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(inviteRewards)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: inviteRewards.invitationId });
      return inserted.length > 0;
    },
  };
}

export type InvitesRepository = ReturnType<typeof createInvitesRepository>;
