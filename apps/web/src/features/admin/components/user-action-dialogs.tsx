import type { AdminUserDetail } from '@lumen/contracts/admin-users';
import { creditKinds, type CreditKind } from '@lumen/contracts/credits';
import { MAX_PLAN_DAYS } from '@lumen/contracts/plans';
import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { useBanUser, useGivePlan, useGrantCredits } from '../api/users';
import { ApiErrorAlert } from './api-error-alert';
import { usePlanLabel } from './use-plan-label';

export type UserAction = 'grant' | 'plan' | 'ban';

type DialogProps = { user: AdminUserDetail; onClose: () => void };

/** The dialog of one action; each is mounted afresh when opened, so its fields start empty. */
export function UserActionDialog({
  action,
  user,
  onClose,
}: DialogProps & { action: UserAction | null }) {
  const { t } = useTranslation();
  const title =
    action === 'ban'
      ? t('admin.users.ban.title', { name: user.nickname })
      : action
        ? t(`admin.users.${action}.title`)
        : '';
  return (
    <Modal opened={action !== null} onClose={onClose} title={title} centered>
      {action === 'grant' ? <GrantForm user={user} onClose={onClose} /> : null}
      {action === 'plan' ? <PlanForm user={user} onClose={onClose} /> : null}
      {action === 'ban' ? <BanForm user={user} onClose={onClose} /> : null}
    </Modal>
  );
}

function Form({
  onSubmit,
  error,
  pending,
  submit,
  color,
  children,
}: {
  onSubmit: () => void;
  error: unknown;
  pending: boolean;
  submit: string;
  color?: string;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="md">
        {children}
        <ApiErrorAlert error={error} />
        <Group justify="flex-end">
          <Button type="submit" loading={pending} {...(color ? { color } : {})}>
            {submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function GrantForm({ user, onClose }: DialogProps) {
  const { t } = useTranslation();
  const grant = useGrantCredits(user.id);
  const [amount, setAmount] = useState<number | string>('');
  const [kind, setKind] = useState<CreditKind>('gift');
  const [reason, setReason] = useState('');
  // One key per dialog: sending twice (a double click, a retry after a lost answer) grants once.
  const [idempotencyKey] = useState(() => `admin-ui:${crypto.randomUUID()}`);
  return (
    <Form
      error={grant.error}
      pending={grant.isPending}
      submit={t('admin.users.grant.submit')}
      onSubmit={() =>
        grant.mutate(
          { amount: Number(amount), kind, reason: reason.trim(), idempotency_key: idempotencyKey },
          {
            onSuccess: () => {
              toast({
                type: 'success',
                message: t('admin.users.grant.done', { amount, name: user.nickname }),
              });
              onClose();
            },
          },
        )
      }
    >
      <NumberInput
        label={t('admin.users.grant.amount')}
        value={amount}
        onChange={setAmount}
        min={1}
        max={10_000_000}
        allowDecimal={false}
        allowNegative={false}
        required
        data-autofocus
      />
      <Select
        label={t('admin.users.grant.kind')}
        data={creditKinds.map((k) => ({ value: k, label: t(`credits.kinds.${k}`) }))}
        value={kind}
        onChange={(v) => v && setKind(v as CreditKind)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label={t('admin.users.grant.reason')}
        description={t('admin.users.grant.reasonHint')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        maxLength={200}
        required
      />
    </Form>
  );
}

function PlanForm({ user, onClose }: DialogProps) {
  const { t } = useTranslation();
  const plan = useGivePlan(user.id);
  const planLabel = usePlanLabel();
  const [grade, setGrade] = useState('2');
  const [days, setDays] = useState<number | string>(30);
  return (
    <Form
      error={plan.error}
      pending={plan.isPending}
      submit={t('admin.users.plan.submit')}
      onSubmit={() =>
        plan.mutate(
          { grade: Number(grade), days: Number(days) },
          {
            onSuccess: () => {
              toast({
                type: 'success',
                message: t('admin.users.plan.done', {
                  plan: planLabel(Number(grade)),
                  name: user.nickname,
                  days,
                }),
              });
              onClose();
            },
          },
        )
      }
    >
      <Select
        label={t('admin.users.plan.grade')}
        data={[1, 2, 3].map((g) => ({ value: String(g), label: planLabel(g) }))}
        value={grade}
        onChange={(v) => v && setGrade(v)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <NumberInput
        label={t('admin.users.plan.days')}
        value={days}
        onChange={setDays}
        min={1}
        max={MAX_PLAN_DAYS}
        allowDecimal={false}
        allowNegative={false}
        required
      />
    </Form>
  );
}

function BanForm({ user, onClose }: DialogProps) {
  const { t } = useTranslation();
  const ban = useBanUser(user.id);
  const [reason, setReason] = useState('');
  return (
    <Form
      error={ban.error}
      pending={ban.isPending}
      submit={t('admin.users.ban.submit')}
      color="red"
      onSubmit={() =>
        ban.mutate(
          { reason: reason.trim() },
          {
            onSuccess: () => {
              toast({
                type: 'success',
                message: t('admin.users.ban.done', { name: user.nickname }),
              });
              onClose();
            },
          },
        )
      }
    >
      <Text size="sm">{t('admin.users.ban.body')}</Text>
      <TextInput
        label={t('admin.users.ban.reason')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        maxLength={500}
        required
        data-autofocus
      />
    </Form>
  );
}
