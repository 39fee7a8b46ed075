import type { Language } from '@lumen/contracts/i18n';
import type { Mailer } from '../../adapters/mail/mailer';
import type { MessageKey } from '../../lib/i18n/en';
import { translate, type MessageParams } from '../../lib/i18n/translate';
import type { Effect } from './payment-events';
import { planDisplayNames } from './payment-rules';

/**
 * Tells users what happened to their plan after a provider event: a failed renewal sends an
 * e-mail, unless the user turned official notices off in their settings; a second plan paid
 * while one was running always does.
 */
export function createBillingNotifier(deps: {
  mailer: Mailer;
  /** Where the user's mail goes, and the language it is written in. */
  recipientOf(userId: number): Promise<{ email: string | null; language: Language }>;
  wantsOfficialMail(userId: number): Promise<boolean>;
  publicUrl: string;
}) {
  const planName = (grade: number) => planDisplayNames[grade] ?? 'Lumen';
  const day = (at: Date) => at.toISOString().slice(0, 10);

  return async function notify(effects: Effect[]): Promise<void> {
    for (const effect of effects) {
      const { email, language } = await deps.recipientOf(effect.userId);
      if (!email) continue;
      const send = (subject: MessageKey, body: MessageKey, params: MessageParams) =>
        deps.mailer.send({
          to: email,
          subject: translate(language, subject, params),
          text: translate(language, body, params),
        });
      if (effect.kind === 'second_plan') {
        // About money: sent whatever the notice settings say.
        const sub = effect.subscription;
        await send('payment.secondPlanSubject', 'payment.secondPlanBody', {
          plan: planName(sub.grade),
          kept: planName(effect.keptGrade),
          credits: sub.monthlyCredits,
          date: day(sub.endsAt),
          url: `${deps.publicUrl}/member`,
        });
      } else if (await deps.wantsOfficialMail(effect.userId)) {
        await send('payment.renewalFailedSubject', 'payment.renewalFailedBody', {
          plan: planName(effect.grade),
          date: day(effect.endsAt),
          url: `${deps.publicUrl}/pay`,
        });
      }
    }
  };
}
