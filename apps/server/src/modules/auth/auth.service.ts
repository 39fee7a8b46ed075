import { randomInt } from 'node:crypto';
import type { LoginBody, LoginResult, RegisterBody, UserInfo } from '@lumen/contracts/auth';
import { ErrorCode } from '@lumen/contracts/error-codes';
import type { Language } from '@lumen/contracts/i18n';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation, type AuthRepository } from './auth.repository';
import type { UserRow } from './auth.schema';
import type { CaptchaService } from './captcha.service';
import type { ExternalIdentity, PublicProvider } from './oauth/external-identity';
import { hashPassword, verifyPassword } from './passwords';
import { isAdmin, mergedMenus, roleMenuList, rolesOf, WHITELIST_ROLE } from './roles';
import type { IssuedSession, RequestContext, SessionService } from './session.service';

/** What the auth service needs from the sign-in providers (see oauth/oauth-verifier.ts). */
export interface IdentityVerifier {
  publicProviders(): PublicProvider[];
  verifyGoogleCredential(credential: string, nonce?: string): Promise<ExternalIdentity>;
  exchangeCode(
    provider: 'discord' | 'facebook' | 'apple',
    input: { code: string; redirectUri?: string; clientId?: string },
  ): Promise<ExternalIdentity>;
  verifyPartnerToken(input: { token: string; appId: string }): Promise<ExternalIdentity>;
}

const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_ACCOUNT = 5;
const MAX_FAILURES_PER_IP = 30;

type Attribution = { invitationcode?: string | undefined; channel_id?: string | undefined };
/** How long a hand-over ticket (see issueHandoverTicket) may wait for its exchange. */
export const HANDOVER_TICKET_MAX_AGE_S = 300;

type NewAccount = { email?: string; phone?: string; nickname?: string; avatar?: string };

export function createAuthService(deps: {
  repository: AuthRepository;
  sessions: SessionService;
  captcha: CaptchaService;
  identities: IdentityVerifier;
  clock: Clock;
  adminEmails: string[];
  /** Runs once for each new account, with its sign-up attribution (invitation links). */
  onUserCreated?: (user: UserRow) => Promise<void>;
}) {
  const { repository, sessions, captcha, identities, clock } = deps;

  function roleMenus(user: UserRow) {
    return roleMenuList(rolesOf(user, deps.adminEmails));
  }

  function toLoginResult(user: UserRow, session: IssuedSession, isNew: boolean): LoginResult {
    return {
      id: user.id,
      username: user.username,
      nickname: user.nickname,
      avatar: user.avatar,
      role_menu_list: roleMenus(user),
      ticket: session.ticket,
      refresh_token: session.refreshToken,
      max_age: session.maxAge,
      is_new_user: isNew,
    };
  }

  /** A free username derived from a hint: letters first, 3–18 characters. */
  async function pickUsername(hint: string): Promise<string> {
    let base = hint
      .replace(/[^A-Za-z0-9_]/g, '')
      .replace(/^[^A-Za-z]+/, '')
      .slice(0, 12);
    if (base.length < 3) base = 'user';
    if (!(await repository.usernameTaken(base))) return base;
    for (let i = 0; i < 8; i++) {
      const candidate = `${base}${randomInt(100_000, 999_999)}`.slice(0, 18);
      if (!(await repository.usernameTaken(candidate))) return candidate;
    }
    return `u${randomInt(10 ** 9, 10 ** 10 - 1)}`;
  }

  async function createAccount(account: NewAccount, attribution: Attribution): Promise<UserRow> {
    const hint = account.email?.split('@')[0] ?? account.nickname ?? 'user';
    for (let attempt = 0; attempt < 3; attempt++) {
      const created = await repository.insertUser({
        username: await pickUsername(hint),
        nickname: (account.nickname ?? hint).slice(0, 40) || 'Creator',
        avatar: account.avatar ?? '',
        email: account.email ?? null,
        phone: account.phone ?? null,
        invitationCode: attribution.invitationcode ?? null,
        channelId: attribution.channel_id ?? null,
        createdAt: clock.now(),
      });
      if (created) {
        await deps.onUserCreated?.(created);
        return created;
      }
      // A parallel first sign-in with the same address won the race: use that account.
      const existing = account.email
        ? await repository.findUserByEmail(account.email)
        : account.phone
          ? await repository.findUserByPhone(account.phone)
          : undefined;
      if (existing) return existing;
    }
    throw new AppError(ErrorCode.conflict, 'errors.conflict');
  }

  async function userForIdentity(identity: ExternalIdentity, attribution: Attribution) {
    const linked = await repository.findUserByIdentity(identity.provider, identity.subject);
    if (linked) return { user: linked, isNew: false };
    const email = identity.emailVerified ? identity.email?.toLowerCase() : undefined;
    const byEmail = email ? await repository.findUserByEmail(email) : undefined;
    const user =
      byEmail ??
      (await createAccount(
        {
          ...(email ? { email } : {}),
          ...(identity.name ? { nickname: identity.name } : {}),
          ...(identity.avatar ? { avatar: identity.avatar } : {}),
        },
        attribution,
      ));
    if (email) await repository.releasePendingEmail(email, user.id);
    await repository.linkIdentity({
      provider: identity.provider,
      subject: identity.subject,
      userId: user.id,
      email: identity.email ?? null,
      createdAt: clock.now(),
    });
    return { user, isNew: !byEmail };
  }

  /**
   * Each guess takes its place in the counters before the password is checked, so concurrent
   * guesses cannot all slip under the limit. The account limit keys on the login together with
   * the client address: a stranger's wrong guesses never lock the owner out of their own.
   */
  async function userForPassword(login: string, password: string, ctx: RequestContext) {
    const now = clock.now();
    const client = ctx.ip ?? 'unknown';
    const accountKey = `login:${login.toLowerCase()}@${client}`;
    const clientKey = `login-client:${client}`;
    const byAccount = await repository.takeAttempt(accountKey, now, THROTTLE_WINDOW_MS);
    const byClient = await repository.takeAttempt(clientKey, now, THROTTLE_WINDOW_MS);
    if (byAccount > MAX_FAILURES_PER_ACCOUNT || byClient > MAX_FAILURES_PER_IP) {
      throw new AppError(ErrorCode.tooManyRequests, 'errors.tooManyRequests');
    }
    const user = await repository.findUserByLogin(login);
    if (!(await verifyPassword(user?.passwordHash ?? null, password)) || !user) {
      throw new AppError(ErrorCode.loginFailed, 'errors.loginFailed');
    }
    // A right password was not a failure: its place in the counters is given back.
    await repository.returnAttempt(accountKey);
    await repository.returnAttempt(clientKey);
    return { user, isNew: false };
  }

  async function resolveLogin(body: LoginBody, ctx: RequestContext) {
    switch (body.loginType) {
      case 'email': {
        await captcha.verify(
          { channel: 'email', address: body.email, purpose: 'login' },
          body.captcha,
        );
        // Only a proved address finds an account: one that merely named this address at
        // registration is not given to whoever proves it, and loses the address to them.
        const found = await repository.findUserByEmail(body.email);
        const user = found ?? (await createAccount({ email: body.email }, body));
        await repository.releasePendingEmail(body.email, user.id);
        return { user, isNew: !found };
      }
      case 'phone': {
        await captcha.verify(
          { channel: 'phone', address: body.phone, purpose: 'login' },
          body.captcha,
        );
        const user = await repository.findUserByPhone(body.phone);
        const nickname = `Creator ${body.phone.slice(-4)}`;
        return user
          ? { user, isNew: false }
          : { user: await createAccount({ phone: body.phone, nickname }, body), isNew: true };
      }
      case 'ticket': {
        // A ticket carried in an address is spent by its use: a copy left in a history, a
        // log or a referrer signs no one in again.
        const { user, sessionId } = await sessions.authenticate(body.ticket);
        await sessions.revoke(sessionId, 'ticket-exchanged');
        return { user, isNew: false };
      }
      case 'google':
        return userForIdentity(
          await identities.verifyGoogleCredential(body.credential, body.nonce),
          body,
        );
      case 'discord':
      case 'facebook':
        return userForIdentity(
          await identities.exchangeCode(body.loginType, {
            code: body.code,
            redirectUri: body.redirect_uri,
          }),
          body,
        );
      case 'apple':
        return userForIdentity(
          await identities.exchangeCode('apple', {
            code: body.code,
            clientId: body.client_id,
            ...(body.redirect_uri ? { redirectUri: body.redirect_uri } : {}),
          }),
          body,
        );
      case 'lenovo':
        return userForIdentity(
          await identities.verifyPartnerToken({ token: body.token, appId: body.app_id }),
          body,
        );
      default:
        return userForPassword(body.username, body.password, ctx);
    }
  }

  return {
    publicProviders: () => identities.publicProviders(),

    /**
     * A one-time ticket for an address that signs this user in elsewhere (the app opening the
     * web, a partner page): a session of its own that lasts minutes and ends at its exchange.
     */
    async issueHandoverTicket(userId: number, ctx: RequestContext) {
      const session = await sessions.issue(userId, ctx, HANDOVER_TICKET_MAX_AGE_S);
      return { ticket: session.ticket, max_age: session.maxAge };
    },

    async login(body: LoginBody, ctx: RequestContext): Promise<LoginResult> {
      const { user, isNew } = await resolveLogin(body, ctx);
      if (user.status === 'banned') throw new AppError(ErrorCode.forbidden, 'errors.accountBanned');
      if (user.status !== 'active')
        throw new AppError(ErrorCode.accountClosed, 'errors.accountClosed');
      const session = await sessions.issue(user.id, ctx, body.max_age);
      await repository.updateUser(user.id, {
        lastLoginAt: clock.now(),
        ...(ctx.language ? { language: ctx.language } : {}),
      });
      return toLoginResult(user, session, isNew);
    },

    /**
     * Creates a password account. An address given here is only named, not proved: it grants
     * nothing (no role, no sign-in by it) until its owner enters a code sent to it, and whether
     * another account uses it is never told.
     */
    async register(body: RegisterBody, ctx: RequestContext): Promise<LoginResult> {
      if (await repository.usernameTaken(body.username)) {
        throw new AppError(ErrorCode.usernameExists, 'errors.usernameExists');
      }
      const now = clock.now();
      const user = await repository.insertUser({
        username: body.username,
        nickname: body.username,
        email: null,
        pendingEmail: body.email ?? null,
        passwordHash: await hashPassword(body.password),
        invitationCode: body.invitationcode ?? null,
        channelId: body.channel_id ?? null,
        createdAt: now,
        lastLoginAt: now,
        language: ctx.language ?? null,
      });
      if (!user) throw new AppError(ErrorCode.usernameExists, 'errors.usernameExists');
      await deps.onUserCreated?.(user);
      const session = await sessions.issue(user.id, ctx, body.max_age);
      return toLoginResult(user, session, true);
    },

    userInfo(user: UserRow): UserInfo {
      const list = roleMenus(user);
      return {
        userId: user.id,
        username: user.username,
        nickname: user.nickname,
        avatar: user.avatar,
        email: user.email,
        pendingEmail: user.pendingEmail,
        phone: user.phone,
        hasPassword: user.passwordHash !== null,
        isAdmin: isAdmin(list),
        roleList: list.map((r) => r.role_name),
        menuList: mergedMenus(list),
        role_menu_list: list,
        createdAt: user.createdAt.toISOString(),
      };
    },

    isAdmin: (user: UserRow) => isAdmin(roleMenus(user)),

    /** Every role the account holds, the ones its address earns included. */
    rolesOf: (user: UserRow) => rolesOf(user, deps.adminEmails),

    /** Grants the whitelist role (downloads without the watermark) or takes it away. */
    async setWhitelisted(userId: number, whitelisted: boolean): Promise<void> {
      const user = await repository.setRole(userId, WHITELIST_ROLE, whitelisted);
      if (!user || user.status === 'purged') {
        throw new AppError(ErrorCode.notFound, 'errors.notFound');
      }
    },

    /** The operator's search (see the repository's searchUsers). */
    searchUsers: (q: string, limit: number) => repository.searchUsers(q, limit),

    async getUser(userId: number): Promise<UserRow> {
      const user = await repository.findUserById(userId);
      if (!user) throw new AppError(ErrorCode.notFound, 'errors.notFound');
      return user;
    },

    /** An active account by username (any letter case); banned or closed ones are not found. */
    async findActiveByUsername(username: string): Promise<UserRow | undefined> {
      const user = await repository.findUserByUsername(username);
      return user?.status === 'active' ? user : undefined;
    },

    /** Changes the name fields; a taken username answers 3005 and changes nothing. */
    async rename(
      userId: number,
      patch: { username?: string; nickname?: string },
    ): Promise<UserRow> {
      const current = await this.getUser(userId);
      if (
        patch.username &&
        patch.username.toLowerCase() !== current.username.toLowerCase() &&
        (await repository.usernameTaken(patch.username))
      ) {
        throw new AppError(ErrorCode.usernameExists, 'errors.usernameExists');
      }
      try {
        return (await repository.updateUser(userId, patch)) ?? current;
      } catch (err) {
        if (isUniqueViolation(err))
          throw new AppError(ErrorCode.usernameExists, 'errors.usernameExists');
        throw err;
      }
    },

    /** The interface language the user chose; their e-mails are written in it. */
    async setLanguage(userId: number, language: Language): Promise<void> {
      await repository.updateUser(userId, { language });
    },

    async setAvatar(userId: number, avatar: string): Promise<void> {
      await repository.updateUser(userId, { avatar });
    },

    /** Like bindEmail: the code first, so only the number's owner learns who else holds it. */
    async bindPhone(userId: number, phone: string, code: string): Promise<UserRow> {
      await captcha.verify({ channel: 'phone', address: phone, purpose: 'bind' }, code);
      const owner = await repository.findUserByPhone(phone);
      if (owner && owner.id !== userId)
        throw new AppError(ErrorCode.phoneInUse, 'errors.phoneInUse');
      try {
        const user = await repository.updateUser(userId, { phone });
        if (!user) throw new AppError(ErrorCode.notFound, 'errors.notFound');
        return user;
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(ErrorCode.phoneInUse, 'errors.phoneInUse');
        throw err;
      }
    },

    /**
     * Proves an address with a code sent to it (purpose `bind`) and makes it the account's.
     * The code is checked first, so only the address's owner learns whether another account
     * already holds it.
     */
    async bindEmail(userId: number, email: string, code: string): Promise<UserRow> {
      await captcha.verify({ channel: 'email', address: email, purpose: 'bind' }, code);
      const owner = await repository.findUserByEmail(email);
      if (owner && owner.id !== userId) {
        throw new AppError(ErrorCode.emailInUse, 'errors.emailInUse');
      }
      try {
        const user = await repository.claimEmail(userId, email);
        if (!user) throw new AppError(ErrorCode.notFound, 'errors.notFound');
        return user;
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(ErrorCode.emailInUse, 'errors.emailInUse');
        throw err;
      }
    },

    /** Users by id, for showing authors (community); unknown ids are left out. */
    listUsersByIds: (ids: number[]) => repository.findUsersByIds([...new Set(ids)]),
    listActiveUserIds: (afterId: number, limit: number) =>
      repository.listActiveUserIds(afterId, limit),

    /** A moderator's ban: no sign-in, every session ends, so nothing more can be posted. */
    async banUser(userId: number): Promise<UserRow> {
      const user = await this.getUser(userId);
      if (user.status !== 'active') return user;
      const banned = (await repository.updateUser(userId, { status: 'banned' })) ?? user;
      await sessions.revokeAllForUser(userId, 'banned');
      return banned;
    },

    /** Blocks sign-in and ends every session of the account at once. */
    async closeAccount(userId: number): Promise<void> {
      await repository.updateUser(userId, { status: 'closed' });
      await sessions.revokeAllForUser(userId, 'account-deleted');
    },

    /** Removes the personal data of a closed account; what others see becomes anonymous. */
    async purgeAccount(userId: number): Promise<void> {
      await repository.anonymizeUser(userId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
