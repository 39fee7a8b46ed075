import { CAPTCHA_LENGTH, CAPTCHA_RESEND_S } from '@lumen/contracts/constants';
import { ErrorCode } from '@lumen/contracts/error-codes';
import type { Language } from '@lumen/contracts/i18n';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import type { Mailer } from '../../adapters/mail/mailer';
import type { SmsSender } from '../../adapters/sms/sms-sender';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { translate } from '../../lib/i18n/translate';
import { createNumericCode, hashToken } from '../../lib/tokens';
import type { AuthRepository } from './auth.repository';

export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
export const CAPTCHA_MAX_ATTEMPTS = 5;
/** Sends allowed per address and per IP in one hour, beyond the 60 s resend wait. */
export const CAPTCHA_HOURLY_PER_ADDRESS = 8;
export const CAPTCHA_HOURLY_PER_IP = 30;

export type CaptchaChannel = 'email' | 'phone';
export type CaptchaPurpose = 'login' | 'bind';

type Target = { channel: CaptchaChannel; address: string; purpose: CaptchaPurpose };

/** Binds the code to its address, so one address's code never matches another's row. */
const hashCode = (address: string, code: string) => hashToken(`${address}:${code.toUpperCase()}`);

export function createCaptchaService(deps: {
  repository: AuthRepository;
  mailer: Mailer;
  sms: SmsSender;
  clock: Clock;
  /** Codes one IP address may ask for in an hour; CAPTCHA_HOURLY_PER_IP when unset. */
  hourlyPerIp?: number;
}) {
  const { repository, clock } = deps;
  const perIp = deps.hourlyPerIp ?? CAPTCHA_HOURLY_PER_IP;

  return {
    async send(target: Target, ip: string | null, lang: Language) {
      // Every sign-in and binding by phone starts with a code: refusing here keeps numbers
      // that cannot exist in their country (a US number with 11 digits) out of every path.
      if (target.channel === 'phone' && !isValidPhoneNumber(target.address)) {
        throw new AppError(ErrorCode.invalidParams, 'errors.phoneInvalid');
      }
      const now = clock.now();
      const last = await repository.latestCaptcha(target.channel, target.address);
      if (last) {
        const waitS = Math.ceil(
          (last.createdAt.getTime() + CAPTCHA_RESEND_S * 1000 - now.getTime()) / 1000,
        );
        if (waitS > 0) {
          throw new AppError(ErrorCode.captchaTooSoon, 'errors.captchaTooSoon', { seconds: waitS });
        }
      }
      const hourAgo = new Date(now.getTime() - 3600_000);
      const [byAddress, byIp] = await Promise.all([
        repository.countCaptchasSince(target, hourAgo),
        ip ? repository.countCaptchasSince({ ip }, hourAgo) : Promise.resolve(0),
      ]);
      if (byAddress >= CAPTCHA_HOURLY_PER_ADDRESS || byIp >= perIp) {
        throw new AppError(ErrorCode.tooManyRequests, 'errors.tooManyRequests');
      }
      const code = createNumericCode(CAPTCHA_LENGTH);
      const row = await repository.replaceCaptcha({
        ...target,
        codeHash: hashCode(target.address, code),
        ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
      });
      const minutes = CAPTCHA_TTL_MS / 60_000;
      try {
        if (target.channel === 'email') {
          await deps.mailer.send({
            to: target.address,
            subject: translate(lang, 'mail.captchaSubject', { code }),
            text: translate(lang, 'mail.captchaBody', { code, minutes }),
          });
        } else {
          await deps.sms.send({
            to: target.address,
            text: translate(lang, 'sms.captcha', { code, minutes }),
          });
        }
      } catch (err) {
        // An unsent code must not hold the resend wait against the user.
        await repository.deleteCaptcha(row.id);
        throw new AppError(
          ErrorCode.serviceUnavailable,
          'errors.captchaSendFailed',
          {},
          undefined,
          503,
          { cause: err },
        );
      }
      return { resend_after_s: CAPTCHA_RESEND_S, expires_in_s: CAPTCHA_TTL_MS / 1000 };
    },

    /**
     * Accepts the right code once. Every try is counted before the code is compared, so at
     * most five codes are ever compared, however many guesses arrive at once.
     */
    async verify(target: Target, code: string): Promise<void> {
      const now = clock.now();
      const open = await repository.findOpenCaptcha(
        target.channel,
        target.address,
        target.purpose,
        now,
        CAPTCHA_MAX_ATTEMPTS,
      );
      if (!open) throw new AppError(ErrorCode.captchaExpired, 'errors.captchaExpired');
      const used = await repository.takeCaptchaAttempt(open.id, CAPTCHA_MAX_ATTEMPTS);
      if (used === undefined) throw new AppError(ErrorCode.captchaExpired, 'errors.captchaExpired');
      if (open.codeHash !== hashCode(target.address, code)) {
        if (used >= CAPTCHA_MAX_ATTEMPTS) {
          throw new AppError(ErrorCode.captchaExpired, 'errors.captchaExpired');
        }
        throw new AppError(ErrorCode.captchaWrong, 'errors.captchaWrong');
      }
      if (!(await repository.consumeCaptcha(open.id, now, CAPTCHA_MAX_ATTEMPTS))) {
        throw new AppError(ErrorCode.captchaExpired, 'errors.captchaExpired');
      }
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
