import { z } from 'zod';
import { emailSchema } from './auth';
import { isCalendarDate } from './time';

/**
 * Below this age an account publishes and pays only once a guardian has confirmed by e-mail
 * (the age of digital consent; decision 0056).
 */
export const GUARDIAN_CONSENT_AGE = 14;
/** Below this age the legal texts' sections for minors apply; no guardian is asked. */
export const ADULT_AGE = 18;
/** How long a guardian's link stays usable. */
export const GUARDIAN_LINK_TTL_S = 7 * 24 * 3600;
/** The wait between two e-mails to a guardian, as for verification codes. */
export const GUARDIAN_RESEND_S = 60;
/** The earliest birth year accepted: anything older is a typing slip. */
export const EARLIEST_BIRTH_YEAR = 1900;

/** `unknown`: the account has not answered the age question yet (older accounts, first use). */
export const ageGroups = ['unknown', 'child', 'teen', 'adult'] as const;
export type AgeGroup = (typeof ageGroups)[number];
export const consentStates = ['not_needed', 'pending', 'granted', 'declined'] as const;
export type ConsentState = (typeof consentStates)[number];

/** Full years between a birth date (`YYYY-MM-DD`) and `today`, counted on the UTC calendar. */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  return beforeBirthday ? age - 1 : age;
}

export function ageGroupOf(birthDate: string | null, today: Date): AgeGroup {
  if (!birthDate) return 'unknown';
  const age = ageOn(birthDate, today);
  return age < GUARDIAN_CONSENT_AGE ? 'child' : age < ADULT_AGE ? 'teen' : 'adult';
}

/** A date of birth: a real calendar day, not in the future, not before 1900. */
export const birthDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date like 2001-09-30', abort: true })
  .refine(isCalendarDate, { message: 'must be a date like 2001-09-30', abort: true })
  .refine((d) => Date.parse(`${d}T00:00:00Z`) <= Date.now(), {
    message: 'must be a past date',
    abort: true,
  })
  .refine((d) => Number(d.slice(0, 4)) >= EARLIEST_BIRTH_YEAR, {
    message: `must not be before ${EARLIEST_BIRTH_YEAR}`,
  });

/**
 * `POST /prod-api/user/age`: the age question, answered once. Under 14 a guardian's e-mail is
 * required (the server checks the age on its own clock and answers 1001 for `guardian_email`).
 */
export const ageAnswerBodySchema = z.strictObject({
  birth_date: birthDateSchema,
  guardian_email: emailSchema.optional(),
});
export type AgeAnswerBody = z.infer<typeof ageAnswerBodySchema>;

/** `POST /prod-api/user/age/guardian`: send the guardian's link again, or to a new address. */
export const guardianResendBodySchema = z.strictObject({
  guardian_email: emailSchema.optional(),
});
export type GuardianResendBody = z.infer<typeof guardianResendBodySchema>;

/** Where the account stands: its age group, and for a child whether a guardian confirmed. */
export const ageStatusSchema = z.object({
  age_group: z.enum(ageGroups),
  birth_date: z.string().nullable(),
  consent: z.enum(consentStates),
  /** The guardian's address, partly hidden (`pa***@example.com`). */
  guardian_email: z.string().nullable(),
  /** When the last link was sent; the next may go GUARDIAN_RESEND_S later. */
  consent_sent_at: z.string().nullable(),
  /** False while a child's guardian has not confirmed: publishing and paying are refused. */
  can_publish_and_pay: z.boolean(),
});
export type AgeStatus = z.infer<typeof ageStatusSchema>;

/** The one-time token a guardian's link carries (base64url, 256 bits). */
export const guardianTokenSchema = z
  .string()
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'has an invalid format');

export const guardianLinkQuerySchema = z.object({ token: guardianTokenSchema });

/** What the guardian's page shows before they choose. */
export const guardianLinkViewSchema = z.object({
  nickname: z.string(),
  birth_date: z.string(),
  expires_at: z.string(),
});
export type GuardianLinkView = z.infer<typeof guardianLinkViewSchema>;

export const guardianDecisionBodySchema = z.strictObject({
  token: guardianTokenSchema,
  decision: z.enum(['confirm', 'decline']),
});
export type GuardianDecisionBody = z.infer<typeof guardianDecisionBodySchema>;

export const guardianDecisionResultSchema = z.object({
  consent: z.enum(['granted', 'declined']),
});

/** Partly hides an address for showing it back: the first two characters and the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}
