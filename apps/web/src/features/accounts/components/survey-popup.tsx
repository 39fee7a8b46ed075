import { Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { toast } from '../../../shared/ui/toast';
import { useProfileCheck } from '../api/profile-check';
import { useSubmitSurvey } from '../api/submit-survey';
import { useAgePrompt } from '../age-prompt';
import { dismissSurvey, useSurveyPrompt } from '../survey-prompt';
import { SurveyWizard } from './survey-wizard';

/** The collect-account popup: after a sign-in, when the server says the answers are missing. */
export function SurveyPopup() {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.userId ?? null);
  const loginOpen = useSession((s) => s.loginOpen);
  const due = useSurveyPrompt((s) => s.due);
  const check = useProfileCheck(due ? userId : null);
  const submit = useSubmitSurvey();
  // The age question comes first: the wizard waits until it is answered or not needed.
  const ageBlocking = useAgePrompt((s) => s.blocking);
  const opened =
    due && userId !== null && !loginOpen && !ageBlocking && check.data?.need_collect === true;

  return (
    <Modal
      opened={opened}
      onClose={dismissSurvey}
      title={t('survey.title')}
      centered
      size={560}
      radius="lg"
      padding="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text size="sm" c="dimmed" mb="md">
        {t('survey.intro')}
      </Text>
      <SurveyWizard
        submitting={submit.isPending}
        onSkip={dismissSurvey}
        onSubmit={(body) =>
          submit.mutate(body, {
            onSuccess: () => {
              dismissSurvey();
              toast({ type: 'success', message: t('survey.thanks') });
            },
          })
        }
      />
    </Modal>
  );
}
