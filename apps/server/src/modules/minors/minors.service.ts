import { ErrorCode } from '@lumen/contracts/error-codes';
import type { AdminUserAge } from '@lumen/contracts/admin-users';
import type { Language } from '@lumen/contracts/i18n';
import {
  GUARDIAN_LINK_TTL_S,
  GUARDIAN_RESEND_S,
  ageGroupOf,
  ageOn,
  maskEmail,
  type AgeAnswerBody,
  type AgeStatus,
  type ConsentState,
  type GuardianLinkView,
  type GuardianResendBody,
} from '@lumen/contracts/minors';
import type { Mailer } from '../../adapters/mail/mailer';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { translate } from '../../lib/i18n/translate';
import { createToken, hashToken } from '../../lib/tokens';
import type { UserRow } from '../auth/auth.schema';
import type { MinorsRepository } from './minors.repository';
import type { UserAgeRow } from './minors.schema';

/** A field at fault, with its message in the caller's language, as validation answers it. */
function fieldError(lang: Language, field: string, key: Parameters<typeof translate>[1]) {
  const message = translate(lang, key);
  return new AppError(ErrorCode.invalidParams, 'errors.invalidField', { field, reason: message }, [
    { field, message },
  ]);
}

/**
 * The age question and guardian consent (decision 0056): one answer per account; a child's
 * guardian confirms or declines by a one-time link, and until they confirm the account may
 * create in private but neither publish nor pay.
 */
export function createMinorsService(deps: {
  repository: MinorsRepository;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  getUser(userId: number): Promise<UserRow>;
  /**
   * Makes a profile birthday that tells another date agree with the answer; an empty one stays
   * empty (giving it in the profile is the user's choice, and earns its reward there).
   */
  alignBirthday(userId: number, birthDate: string): Promise<void>;
}) {
  const { repository, clock } = deps;

  function consentOf(row: UserAgeRow | undefined, now: Date): ConsentState {
    if (!row || ageGroupOf(row.birthDate, now) !== 'child') return 'not_needed';
    return (row.consent as ConsentState | null) ?? 'pending';
  }

  function statusOf(row: UserAgeRow | undefined): AgeStatus {
    const now = clock.now();
    const consent = consentOf(row, now);
    return {
      age_group: ageGroupOf(row?.birthDate ?? null, now),
      birth_date: row?.birthDate ?? null,
      consent,
      guardian_email: row?.guardianEmail ? maskEmail(row.guardianEmail) : null,
      consent_sent_at: row?.consentSentAt?.toISOString() ?? null,
      can_publish_and_pay: consent === 'not_needed' || consent === 'granted',
    };
  }

  /** The guardian's address must be someone else's: never one the account itself holds. */
  function checkGuardianEmail(user: UserRow, email: string, lang: Language) {
    const own = [user.email, user.pendingEmail].filter(Boolean).map((e) => e!.toLowerCase());
    if (own.includes(email.toLowerCase())) {
      throw fieldError(lang, 'guardian_email', 'errors.guardianEmailOwn');
    }
  }

  async function sendLink(user: UserRow, birthDate: string, email: string, lang: Language) {
    const now = clock.now();
    const token = createToken();
    await repository.replaceLink({
      tokenHash: hashToken(token),
      userId: user.id,
      guardianEmail: email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + GUARDIAN_LINK_TTL_S * 1000),
    });
    const link = new URL('/guardian', deps.publicUrl);
    link.searchParams.set('token', token);
    try {
      await deps.mailer.send({
        to: email,
        subject: translate(lang, 'mail.guardianSubject', { nickname: user.nickname }),
        text: translate(lang, 'mail.guardianBody', {
          nickname: user.nickname,
          birthDate,
          days: GUARDIAN_LINK_TTL_S / 86_400,
          link: link.toString(),
        }),
      });
    } catch (err) {
      throw new AppError(
        ErrorCode.serviceUnavailable,
        'errors.serviceUnavailable',
        {},
        undefined,
        503,
        { cause: err },
      );
    }
    await repository.updateAge(user.id, { consentSentAt: now });
  }

  return {
    async status(userId: number): Promise<AgeStatus> {
      return statusOf(await repository.findAge(userId));
    },

    /** The age answer as an operator sees it, the guardian's address unmasked. */
    async adminView(userId: number): Promise<AdminUserAge> {
      const row = await repository.findAge(userId);
      const now = clock.now();
      const group = ageGroupOf(row?.birthDate ?? null, now);
      return {
        birth_date: row?.birthDate ?? null,
        age: row ? ageOn(row.birthDate, now) : null,
        age_group: group,
        minor: group === 'child' || group === 'teen',
        consent: consentOf(row, now),
        guardian_email: row?.guardianEmail ?? null,
        consent_sent_at: row?.consentSentAt?.toISOString() ?? null,
        consent_decided_at: row?.consentDecidedAt?.toISOString() ?? null,
      };
    },

    /** Whether the account may publish and pay: refused only while a child waits for consent. */
    async canPublishAndPay(userId: number): Promise<boolean> {
      const row = await repository.findAge(userId);
      const consent = consentOf(row, clock.now());
      return consent === 'not_needed' || consent === 'granted';
    },

    /** The declared date of birth, which the profile's birthday must agree with. */
    async declaredBirthDate(userId: number): Promise<string | null> {
      return (await repository.findAge(userId))?.birthDate ?? null;
    },

    async answer(userId: number, body: AgeAnswerBody, lang: Language): Promise<AgeStatus> {
      const user = await deps.getUser(userId);
      if (await repository.findAge(userId)) {
        throw new AppError(ErrorCode.conflict, 'errors.ageAlreadyGiven');
      }
      const now = clock.now();
      const child = ageGroupOf(body.birth_date, now) === 'child';
      if (child && !body.guardian_email) {
        throw fieldError(lang, 'guardian_email', 'errors.guardianEmailRequired');
      }
      if (child && body.guardian_email) checkGuardianEmail(user, body.guardian_email, lang);
      const created = await repository.insertAge({
        userId,
        birthDate: body.birth_date,
        consent: child ? 'pending' : null,
        guardianEmail: child ? (body.guardian_email ?? null) : null,
        answeredAt: now,
      });
      if (!created) throw new AppError(ErrorCode.conflict, 'errors.ageAlreadyGiven');
      await deps.alignBirthday(userId, body.birth_date);
      if (child && body.guardian_email) {
        await sendLink(user, body.birth_date, body.guardian_email, lang);
      }
      return statusOf(await repository.findAge(userId));
    },

    /** Sends the guardian's link again, or to a new address (which starts over as pending). */
    async resend(userId: number, body: GuardianResendBody, lang: Language): Promise<AgeStatus> {
      const user = await deps.getUser(userId);
      const row = await repository.findAge(userId);
      const now = clock.now();
      const consent = consentOf(row, now);
      if (!row || consent === 'not_needed' || consent === 'granted') {
        throw new AppError(ErrorCode.conflict, 'errors.guardianNotNeeded');
      }
      const email = body.guardian_email ?? row.guardianEmail;
      if (!email) throw fieldError(lang, 'guardian_email', 'errors.guardianEmailRequired');
      checkGuardianEmail(user, email, lang);
      const sameAddress = email.toLowerCase() === row.guardianEmail?.toLowerCase();
      // A guardian who said no is not asked again; another parent or guardian may be.
      if (consent === 'declined' && sameAddress) {
        throw new AppError(ErrorCode.conflict, 'errors.guardianDeclinedAddress');
      }
      if (row.consentSentAt) {
        const waitS = Math.ceil(
          (row.consentSentAt.getTime() + GUARDIAN_RESEND_S * 1000 - now.getTime()) / 1000,
        );
        if (waitS > 0) {
          throw new AppError(ErrorCode.tooManyRequests, 'errors.guardianTooSoon', {
            seconds: waitS,
          });
        }
      }
      if (!sameAddress || consent === 'declined') {
        await repository.updateAge(userId, {
          guardianEmail: email,
          consent: 'pending',
          consentDecidedAt: null,
        });
      }
      await sendLink(user, row.birthDate, email, lang);
      return statusOf(await repository.findAge(userId));
    },

    /** What the guardian's page shows: whose account, before they choose. */
    async viewLink(token: string): Promise<GuardianLinkView> {
      const now = clock.now();
      const link = await repository.findLiveLink(hashToken(token), now);
      const row = link ? await repository.findAge(link.userId) : undefined;
      if (!link || !row)
        throw new AppError(ErrorCode.guardianLinkInvalid, 'errors.guardianLinkInvalid');
      const user = await deps.getUser(link.userId);
      return {
        nickname: user.nickname,
        birth_date: row.birthDate,
        expires_at: link.expiresAt.toISOString(),
      };
    },

    /** The guardian's answer; the link is spent by it, whichever way they chose. */
    async decide(token: string, decision: 'confirm' | 'decline') {
      const consent = decision === 'confirm' ? 'granted' : 'declined';
      const link = await repository.decide(hashToken(token), clock.now(), consent);
      if (!link) throw new AppError(ErrorCode.guardianLinkInvalid, 'errors.guardianLinkInvalid');
      return { consent } as const;
    },

    forget: (userId: number) => repository.forget(userId),
  };
}

export type MinorsService = ReturnType<typeof createMinorsService>;
