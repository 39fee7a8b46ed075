import { emailSchema } from '@lumen/contracts/auth';
import { ageGroupOf, birthDateSchema, type AgeAnswerBody } from '@lumen/contracts/minors';
import { isCalendarDate } from '@lumen/contracts/time';

export type AgeFormValues = { birthDate: string; guardianEmail: string };
/** Keys under `minors.errors` for the fields at fault. */
export type AgeFormErrors = Partial<Record<keyof AgeFormValues, string>>;

/** Whether a date typed so far makes its owner a child today (the guardian field shows). */
export function needsGuardian(birthDate: string, today = new Date()): boolean {
  return isCalendarDate(birthDate) && ageGroupOf(birthDate, today) === 'child';
}

/**
 * The form's answer, checked with the same rules as the server, each refusal named by its
 * translated message key; the server still checks the age on its own clock.
 */
export function readAgeForm(
  values: AgeFormValues,
  ownEmails: (string | null)[],
  today = new Date(),
): { body: AgeAnswerBody } | { errors: AgeFormErrors } {
  const parsed = birthDateSchema.safeParse(values.birthDate.trim());
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? '';
    const key = message.includes('past')
      ? 'birthDateFuture'
      : message.includes('before')
        ? 'birthDateOld'
        : 'birthDate';
    return { errors: { birthDate: key } };
  }
  const birthDate = parsed.data;
  if (!needsGuardian(birthDate, today)) return { body: { birth_date: birthDate } };
  if (!values.guardianEmail.trim()) return { errors: { guardianEmail: 'guardianEmail' } };
  const email = emailSchema.safeParse(values.guardianEmail);
  if (!email.success) return { errors: { guardianEmail: 'guardianEmailFormat' } };
  if (ownEmails.some((own) => own?.toLowerCase() === email.data)) {
    return { errors: { guardianEmail: 'guardianOwn' } };
  }
  return { body: { birth_date: birthDate, guardian_email: email.data } };
}
