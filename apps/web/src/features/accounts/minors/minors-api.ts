import {
  ageStatusSchema,
  guardianDecisionResultSchema,
  guardianLinkViewSchema,
  type AgeAnswerBody,
  type AgeStatus,
  type GuardianResendBody,
} from '@lumen/contracts/minors';
import { api } from '../../../shared/api/client';

export const ageStatusQueryKey = (userId: string) => ['age-status', userId] as const;

/** `GET /prod-api/user/age`, quietly: a failed check only means the dialog does not show. */
export function getAgeStatus(): Promise<AgeStatus> {
  return api.get('/prod-api/user/age', { schema: ageStatusSchema, silent: true, noLogin: true });
}

/** `POST /prod-api/user/age`; refusals come back to the form (its fields show them). */
export function answerAge(body: AgeAnswerBody): Promise<AgeStatus> {
  return api.post('/prod-api/user/age', body, { schema: ageStatusSchema, silent: true });
}

export function resendToGuardian(body: GuardianResendBody): Promise<AgeStatus> {
  return api.post('/prod-api/user/age/guardian', body, { schema: ageStatusSchema, silent: true });
}

export function getGuardianLink(token: string) {
  return api.get('/prod-api/user/guardian-consent', {
    query: { token },
    schema: guardianLinkViewSchema,
    silent: true,
    noLogin: true,
  });
}

export function decideGuardianLink(token: string, decision: 'confirm' | 'decline') {
  return api.post(
    '/prod-api/user/guardian-consent',
    { token, decision },
    { schema: guardianDecisionResultSchema, silent: true, noLogin: true },
  );
}
