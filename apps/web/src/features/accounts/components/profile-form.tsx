import { educations, genders, visibilities, type Profile } from '@lumen/contracts/account';
import {
  Button,
  Card,
  Group,
  Input,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { announceCreditChange } from '../../../shared/session/credit-change';
import { toast } from '../../../shared/ui/toast';
import { useUpdateProfile } from '../api/profile';
import {
  changedFields,
  toFormValues,
  validateChanges,
  type ProfileField,
  type ProfileFormValues,
} from '../profile-form-values';
import { updateSessionNames } from '../session/sign-in';

const BIO_MAX = 300;

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Profile edit (spec §3 profile): saves only the fields that changed. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [initial, setInitial] = useState(() => toFormValues(profile));
  const [values, setValues] = useState(initial);
  const [invalid, setInvalid] = useState<ProfileField[]>([]);
  const update = useUpdateProfile();
  const queryClient = useQueryClient();
  const changes = changedFields(initial, values);
  const dirty = Object.keys(changes).length > 0;

  const set = <K extends ProfileField>(field: K, value: ProfileFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setInvalid((current) => current.filter((f) => f !== field));
  };
  const errorOf = (field: ProfileField) =>
    invalid.includes(field) ? t(`profile.errors.${field}`) : null;
  const options = (list: readonly string[], prefix: string) =>
    list.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }));

  const save = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateChanges(changes);
    if (!checked.ok) {
      setInvalid(checked.fields);
      return;
    }
    update.mutate(checked.body, {
      onSuccess: (saved) => {
        const next = toFormValues(saved);
        setInitial(next);
        setValues(next);
        updateSessionNames({
          username: saved.username,
          nickname: saved.nickname,
          avatar: saved.avatar,
        });
        toast({ type: 'success', message: t('profile.saved') });
        // A birthday given for the first time earns credits (spec §3).
        void announceCreditChange(queryClient);
      },
    });
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="form" onSubmit={save} noValidate>
      <Title order={2} fz="lg" mb="md">
        {t('profile.details')}
      </Title>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('profile.fields.username')}
            description={t('register.usernameHint')}
            // The rule goes under the field so both name fields line up.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={values.username}
            error={errorOf('username')}
            onChange={(e) => set('username', e.currentTarget.value)}
          />
          <TextInput
            label={t('profile.fields.nickname')}
            value={values.nickname}
            error={errorOf('nickname')}
            onChange={(e) => set('nickname', e.currentTarget.value)}
          />
        </SimpleGrid>
        <Textarea
          label={t('profile.fields.bio')}
          description={t('profile.bioCount', { count: values.bio.length, max: BIO_MAX })}
          autosize
          minRows={3}
          maxLength={BIO_MAX}
          value={values.bio}
          error={errorOf('bio')}
          onChange={(e) => set('bio', e.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('profile.fields.gender')}
            placeholder={t('profile.choose')}
            data={options(genders, 'profile.genders')}
            value={values.gender}
            allowDeselect={false}
            onChange={(v) => set('gender', v as ProfileFormValues['gender'])}
          />
          <Select
            label={t('profile.fields.education')}
            placeholder={t('profile.choose')}
            data={options(educations, 'profile.educations')}
            value={values.education}
            clearable
            onChange={(v) => set('education', v as ProfileFormValues['education'])}
          />
          <TextInput
            type="date"
            label={t('profile.fields.birthday')}
            max={today()}
            value={values.birthday}
            error={errorOf('birthday')}
            onChange={(e) => set('birthday', e.currentTarget.value)}
          />
          <Input.Wrapper label={t('profile.fields.birthdayVisibility')} labelElement="div">
            <SegmentedControl
              fullWidth
              aria-label={t('profile.fields.birthdayVisibility')}
              data={options(visibilities, 'profile.visibilities')}
              value={values.birthday_visibility}
              onChange={(v) =>
                set('birthday_visibility', v as ProfileFormValues['birthday_visibility'])
              }
            />
          </Input.Wrapper>
          <TextInput
            label={t('profile.fields.school')}
            value={values.school}
            error={errorOf('school')}
            onChange={(e) => set('school', e.currentTarget.value)}
          />
          <TextInput
            label={t('profile.fields.department')}
            value={values.department}
            error={errorOf('department')}
            onChange={(e) => set('department', e.currentTarget.value)}
          />
          <TextInput
            type="month"
            label={t('profile.fields.enrollmentTime')}
            placeholder="2020-09"
            value={values.enrollment_time}
            error={errorOf('enrollment_time')}
            onChange={(e) => set('enrollment_time', e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            disabled={!dirty || update.isPending}
            onClick={() => setValues(initial)}
          >
            {t('profile.reset')}
          </Button>
          <Button type="submit" disabled={!dirty} loading={update.isPending}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
