import type { WeChatBinding } from '@lumen/contracts/account';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { createToken, hashToken } from '../../../lib/tokens';
import type { WeChatClient } from './wechat-client';
import type { WeChatBindingRepository } from './wechat-binding.repository';

/** How long the QR-code page may stay open before its answer is refused. */
export const WECHAT_STATE_TTL_MS = 10 * 60_000;

/** The profile page: WeChat sends the browser back there with `code` and `state`. */
export const WECHAT_RETURN_PATH = '/account/profile';

type Caller = { userId: number; sessionId: string };

/**
 * Binds a WeChat to an account from the profile (spec §2) through WeChat's website login, and
 * unbinds it. Binding does not sign anyone in: it records which WeChat belongs to the account.
 */
export function createWeChatBindingService(deps: {
  repository: WeChatBindingRepository;
  /** Undefined when no WeChat app is configured: every call but the status is refused. */
  client: WeChatClient | undefined;
  clock: Clock;
  /** Told why WeChat refused (never the code); users see one translated message. */
  logger?: { warn(details: Record<string, unknown>, message: string): void };
}) {
  const { repository, clock } = deps;

  function client(): WeChatClient {
    if (!deps.client)
      throw new AppError(ErrorCode.loginMethodUnavailable, 'errors.wechatUnavailable');
    return deps.client;
  }

  async function status(userId: number): Promise<WeChatBinding> {
    const row = await repository.findBinding(userId);
    return {
      available: deps.client !== undefined,
      bound: row !== undefined,
      nickname: row?.name ?? null,
      avatar: row?.avatar ?? null,
      bound_at: row?.createdAt.toISOString() ?? null,
    };
  }

  return {
    status,

    async isBound(userId: number): Promise<boolean> {
      return (await repository.findBinding(userId)) !== undefined;
    },

    /** WeChat's QR-code page, with a state only this session can redeem, once, for a while. */
    async authorize(caller: Caller, origin: string): Promise<{ url: string }> {
      const wechat = client();
      if (await repository.findBinding(caller.userId)) {
        throw new AppError(ErrorCode.conflict, 'errors.wechatAlreadyBound');
      }
      const state = createToken(24);
      const now = clock.now();
      await repository.insertState({
        stateHash: hashToken(state),
        sessionId: caller.sessionId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + WECHAT_STATE_TTL_MS),
      });
      return { url: wechat.authorizeUrl(state, `${origin}${WECHAT_RETURN_PATH}`) };
    },

    async bind(caller: Caller, body: { code: string; state: string }): Promise<WeChatBinding> {
      const wechat = client();
      const saved = await repository.takeState(hashToken(body.state), caller.sessionId);
      // A state from another session, a replayed or an expired one: the answer is not ours.
      if (!saved || saved.expiresAt <= clock.now()) {
        throw new AppError(ErrorCode.invalidParams, 'errors.wechatStateMismatch', {}, [
          { field: 'state', message: 'unknown or expired' },
        ]);
      }
      let user;
      try {
        user = await wechat.identify(body.code);
      } catch (error) {
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown';
        deps.logger?.warn({ reason }, 'WeChat binding refused');
        throw new AppError(ErrorCode.invalidParams, 'errors.wechatBindFailed', {}, [
          { field: 'code', message: 'WeChat did not confirm it' },
        ]);
      }
      const owner = await repository.findOwner(user.subject);
      if (owner === caller.userId) return status(caller.userId);
      if (owner !== undefined)
        throw new AppError(ErrorCode.conflict, 'errors.wechatBoundElsewhere');
      const inserted = await repository.insertBinding({
        subject: user.subject,
        userId: caller.userId,
        name: user.nickname ?? null,
        avatar: user.avatar ?? null,
        createdAt: clock.now(),
      });
      if (!inserted) {
        // Another request bound this WeChat, or another WeChat to this account, meanwhile.
        const now = await repository.findOwner(user.subject);
        if (now === caller.userId) return status(caller.userId);
        throw new AppError(
          ErrorCode.conflict,
          now === undefined ? 'errors.wechatAlreadyBound' : 'errors.wechatBoundElsewhere',
        );
      }
      return status(caller.userId);
    },

    /**
     * Removes the binding, unless nothing else ties the account to its owner (no proved
     * e-mail, phone, password or other provider): then the WeChat is the only proof of whose
     * account it is, and removing it would strand the account (decision 0057).
     */
    async unbind(userId: number): Promise<WeChatBinding> {
      const row = await repository.findBinding(userId);
      if (!row) return status(userId);
      if ((await repository.otherSignInMeans(userId)) === 0) {
        throw new AppError(ErrorCode.forbidden, 'errors.wechatLastSignIn');
      }
      await repository.deleteBinding(userId);
      return status(userId);
    },
  };
}

export type WeChatBindingService = ReturnType<typeof createWeChatBindingService>;
