import type { Language } from '@lumen/contracts/i18n';
import type { Mailer } from '../../adapters/mail/mailer';
import { translate } from '../../lib/i18n/translate';
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
  return async function notify(effects: Effect[]): Promise<void> {
    for (const effect of effects) {
      const { email, language } = await deps.recipientOf(effect.userId);
      if (effect.kind === 'second_plan') {
        // About money: sent whatever the notice settings say.
        if (!email) continue;
        const sub = effect.subscription;
        const plan = planDisplayNames[sub.grade] ?? 'Lumen';
        await deps.mailer.send({
          to: email,
          subject: translate(language, 'payment.secondPlanSubject', { plan }),
          text: translate(language, 'payment.secondPlanBody', {
            plan,
            kept: planDisplayNames[effect.keptGrade] ?? 'Lumen',
            credits: sub.monthlyCredits,
            date: sub.endsAt.toISOString().slice(0, 10),
            url: `${deps.publicUrl}/member`,
          }),
        });
        continue;
      }
      if (!email || !(await deps.wantsOfficialMail(effect.userId))) continue;
      const plan = planDisplayNames[effect.grade] ?? 'Lumen';
      await deps.mailer.send({
        to: email,
        subject: translate(language, 'payment.renewalFailedSubject', { plan }),
        text: translate(language, 'payment.renewalFailedBody', {
          plan,
          date: effect.endsAt.toISOString().slice(0, 10),
          url: `${deps.publicUrl}/pay`,
        }),
      });
    }
  };
}
