import { GUARDIAN_RESEND_S, type AgeStatus } from '@lumen/contracts/minors';
import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useSectionTexts } from '../../../shared/i18n/section-texts';
import { useSession } from '../../../shared/session/session-store';
import { toast } from '../../../shared/ui/toast';
import { useProfile } from '../api/profile';
import {
  dismissGuardianStatus,
  markAgeSettled,
  releaseAgePrompt,
  useAgePrompt,
} from '../age-prompt';
import { useCountdown } from '../use-countdown';
import { needsGuardian, readAgeForm, type AgeFormErrors } from './age-answer';
import { minorsTexts } from './minors-texts';
import { ageStatusQueryKey, answerAge, getAgeStatus, resendToGuardian } from './minors-api';

const today = () => new Date().toISOString().slice(0, 10);

/** The server's message for a refused call, or the generic one when it never answered. */
function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) && error.msg ? error.msg : fallback;
}

/**
 * The age question (asked once, on first use after any kind of sign-up, and not dismissable
 * but by signing out) and the guardian status dialog of a child's account.
 */
export function AgePopup() {
  const ready = useSectionTexts(minorsTexts);
  const userId = useSession((s) => s.user?.userId ?? null);
  const loginOpen = useSession((s) => s.loginOpen);
  const { due, showStatus } = useAgePrompt();
  const status = useQuery({
    queryKey: ageStatusQueryKey(userId ?? ''),
    queryFn: getAgeStatus,
    enabled: due && userId !== null,
    staleTime: 0,
  });
  const data = status.data;

  const asking = data?.age_group === 'unknown';
  const showing = asking || (showStatus && data?.can_publish_and_pay === false);
  useEffect(() => {
    if (userId && data && data.age_group !== 'unknown' && data.can_publish_and_pay) {
      markAgeSettled(userId);
    } else if ((data && !showing) || status.isError) {
      releaseAgePrompt();
    }
  }, [userId, data, showing, status.isError]);

  if (!ready || !due || userId === null || loginOpen || !data) return null;
  if (asking) return <AgeQuestion userId={userId} />;
  if (showing) return <GuardianStatus status={data} />;
  return null;
}

function AgeQuestion({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const [birthDate, setBirthDate] = useState('');
  const [guardianEmail, setGuardianEmail] = useState('');
  const [errors, setErrors] = useState<AgeFormErrors>({});
  const [serverError, setServerError] = useState<{ field?: string; msg: string } | null>(null);
  const child = needsGuardian(birthDate);
  const answer = useMutation({
    mutationFn: answerAge,
    onSuccess: (result) => {
      queryClient.setQueryData(ageStatusQueryKey(userId), result);
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      if (!result.can_publish_and_pay) useAgePrompt.setState({ showStatus: true });
    },
    onError: (error) => {
      const field = isApiError(error) ? error.fields?.[0]?.field : undefined;
      setServerError({ ...(field ? { field } : {}), msg: messageOf(error, t('errors.generic')) });
    },
  });

  const submit = () => {
    setServerError(null);
    const own = [profile.data?.email ?? null, profile.data?.pending_email ?? null];
    const read = readAgeForm({ birthDate, guardianEmail }, own);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    answer.mutate(read.body);
  };
  const errorOf = (field: 'birthDate' | 'guardianEmail', apiField: string) =>
    errors[field]
      ? t(`minors.errors.${errors[field]}`)
      : serverError && (serverError.field ?? 'birth_date') === apiField
        ? serverError.msg
        : undefined;

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('minors.ageTitle')}
      centered
      radius="lg"
      padding="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('minors.ageIntro')}
          </Text>
          <TextInput
            type="date"
            label={t('minors.birthDate')}
            max={today()}
            min="1900-01-01"
            required
            value={birthDate}
            error={errorOf('birthDate', 'birth_date')}
            onChange={(e) => setBirthDate(e.currentTarget.value)}
            data-autofocus
          />
          {child && (
            <TextInput
              type="email"
              label={t('minors.guardianEmail')}
              description={t('minors.guardianHint')}
              required
              autoComplete="off"
              value={guardianEmail}
              error={errorOf('guardianEmail', 'guardian_email')}
              onChange={(e) => setGuardianEmail(e.currentTarget.value)}
            />
          )}
          <Anchor component={Link} to="/terms#minors" size="sm" target="_blank">
            {t('minors.legal')}
          </Anchor>
          <Group justify="space-between" wrap="wrap-reverse">
            <Button
              variant="subtle"
              color="gray"
              onClick={() => useSession.getState().logout({ openLogin: false })}
            >
              {t('minors.signOut')}
            </Button>
            <Button type="submit" loading={answer.isPending}>
              {t('minors.continue')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Seconds until the guardian's e-mail may be sent again. */
function waitOf(sentAt: string | null): number {
  if (!sentAt) return 0;
  return Math.max(
    0,
    Math.ceil((Date.parse(sentAt) + GUARDIAN_RESEND_S * 1000 - Date.now()) / 1000),
  );
}

function GuardianStatus({ status }: { status: AgeStatus }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userId = useSession((s) => s.user?.userId ?? '');
  const countdown = useCountdown();
  const [changing, setChanging] = useState(status.consent === 'declined');
  const [newEmail, setNewEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { start } = countdown;
  useEffect(() => start(waitOf(status.consent_sent_at)), [start, status.consent_sent_at]);

  const resend = useMutation({
    mutationFn: resendToGuardian,
    onSuccess: (result) => {
      queryClient.setQueryData(ageStatusQueryKey(userId), result);
      setChanging(false);
      setNewEmail('');
      toast({ type: 'success', message: t('minors.resent') });
    },
    onError: (e) => setError(messageOf(e, t('errors.generic'))),
  });
  const send = (email?: string) => {
    setError(null);
    resend.mutate(email ? { guardian_email: email } : {});
  };

  const email = status.guardian_email ?? '';
  const message =
    status.consent === 'declined'
      ? t('minors.declined', { email })
      : status.consent_sent_at
        ? t('minors.pending', { email })
        : t('minors.notSent');

  return (
    <Modal
      opened
      onClose={dismissGuardianStatus}
      closeButtonProps={{ 'aria-label': t('minors.close') }}
      title={t('minors.statusTitle')}
      centered
      radius="lg"
      padding="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Text size="sm" data-testid="guardian-status">
          {message}
        </Text>
        {changing ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (newEmail.trim()) send(newEmail.trim());
              else setError(t('minors.errors.guardianEmail'));
            }}
          >
            <Stack gap="sm">
              <TextInput
                type="email"
                label={t('minors.newEmail')}
                value={newEmail}
                error={error}
                onChange={(e) => setNewEmail(e.currentTarget.value)}
              />
              <Button
                type="submit"
                fullWidth
                loading={resend.isPending}
                disabled={countdown.remaining > 0}
              >
                {countdown.remaining > 0
                  ? t('minors.resendIn', { seconds: countdown.remaining })
                  : t('minors.sendToNew')}
              </Button>
            </Stack>
          </form>
        ) : (
          <>
            {error && (
              <Text size="sm" c="red">
                {error}
              </Text>
            )}
            <Stack gap="xs">
              <Button
                fullWidth
                onClick={() => send()}
                loading={resend.isPending}
                disabled={countdown.remaining > 0}
              >
                {countdown.remaining > 0
                  ? t('minors.resendIn', { seconds: countdown.remaining })
                  : t('minors.resend')}
              </Button>
              <Button fullWidth variant="default" onClick={() => setChanging(true)}>
                {t('minors.change')}
              </Button>
            </Stack>
          </>
        )}
        <Anchor component={Link} to="/terms#minors" size="sm" onClick={dismissGuardianStatus}>
          {t('minors.legal')}
        </Anchor>
      </Stack>
    </Modal>
  );
}
