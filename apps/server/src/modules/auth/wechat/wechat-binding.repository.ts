import { and, count, eq, lt, ne } from 'drizzle-orm';
import type { Database } from '../../../db/database';
import { isUniqueViolation } from '../auth.repository';
import { oauthStates, userIdentities, users } from '../auth.schema';

export const WECHAT = 'wechat';
const BIND_PURPOSE = 'wechat-bind';

export type WeChatIdentityRow = typeof userIdentities.$inferSelect;

export function createWeChatBindingRepository(db: Database) {
  return {
    /** Keeps a new state and drops those whose time ran out, so the table stays small. */
    async insertState(row: {
      stateHash: string;
      sessionId: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, row.createdAt));
      await db.insert(oauthStates).values({ ...row, purpose: BIND_PURPOSE });
    },

    /** Redeems a state once: answers it only to the session that asked for it. */
    async takeState(stateHash: string, sessionId: string) {
      const [row] = await db
        .delete(oauthStates)
        .where(
          and(
            eq(oauthStates.stateHash, stateHash),
            eq(oauthStates.sessionId, sessionId),
            eq(oauthStates.purpose, BIND_PURPOSE),
          ),
        )
        .returning();
      return row;
    },

    async findBinding(userId: number): Promise<WeChatIdentityRow | undefined> {
      const [row] = await db
        .select()
        .from(userIdentities)
        .where(and(eq(userIdentities.provider, WECHAT), eq(userIdentities.userId, userId)));
      return row;
    },

    async findOwner(subject: string): Promise<number | undefined> {
      const [row] = await db
        .select({ userId: userIdentities.userId })
        .from(userIdentities)
        .where(and(eq(userIdentities.provider, WECHAT), eq(userIdentities.subject, subject)));
      return row?.userId;
    },

    /** Answers false when the WeChat or the account is bound already (a concurrent bind). */
    async insertBinding(row: {
      subject: string;
      userId: number;
      name: string | null;
      avatar: string | null;
      createdAt: Date;
    }): Promise<boolean> {
      try {
        await db.insert(userIdentities).values({ ...row, provider: WECHAT, email: null });
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },

    async deleteBinding(userId: number): Promise<void> {
      await db
        .delete(userIdentities)
        .where(and(eq(userIdentities.provider, WECHAT), eq(userIdentities.userId, userId)));
    },

    /** The ways the account signs in besides WeChat: proved e-mail, phone, password, providers. */
    async otherSignInMeans(userId: number): Promise<number> {
      const [user] = await db
        .select({ email: users.email, phone: users.phone, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId));
      const [identities] = await db
        .select({ n: count() })
        .from(userIdentities)
        .where(and(eq(userIdentities.userId, userId), ne(userIdentities.provider, WECHAT)));
      const own = [user?.email, user?.phone, user?.passwordHash].filter(Boolean).length;
      return own + (identities?.n ?? 0);
    },
  };
}

export type WeChatBindingRepository = ReturnType<typeof createWeChatBindingRepository>;
