import { interests, occupations, purposes, type SurveyBody } from '@lumen/contracts/account';
import { Button, Chip, Flex, Group, Stack, Stepper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './survey-wizard.module.css';

type Occupation = SurveyBody['occupation'];
type Purpose = SurveyBody['purposes'][number];
type Interest = SurveyBody['interests'][number];

interface SurveyWizardProps {
  submitting: boolean;
  onSubmit: (body: SurveyBody) => void;
  onSkip: () => void;
}

function ChoiceHint({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed" mb="sm">
      {text}
    </Text>
  );
}

/** The collect-account-info wizard of spec §2: occupation, intended use, interests. */
export function SurveyWizard({ submitting, onSubmit, onSkip }: SurveyWizardProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [occupation, setOccupation] = useState<Occupation | null>(null);
  const [chosenPurposes, setChosenPurposes] = useState<Purpose[]>([]);
  const [chosenInterests, setChosenInterests] = useState<Interest[]>([]);
  const answered = [occupation !== null, chosenPurposes.length > 0, chosenInterests.length > 0];
  const last = step === 2;

  const next = () => {
    if (!answered[step]) return;
    if (!last) setStep(step + 1);
    else if (occupation)
      onSubmit({ occupation, purposes: chosenPurposes, interests: chosenInterests });
  };

  return (
    <Stack gap="lg">
      <Stepper
        active={step}
        size="sm"
        allowNextStepsSelect={false}
        onStepClick={setStep}
        classNames={{ stepBody: classes.stepBody }}
      >
        <Stepper.Step label={t('survey.steps.occupation')}>
          <ChoiceHint text={t('survey.occupationQuestion')} />
          <Chip.Group
            multiple={false}
            value={occupation}
            onChange={(value) => setOccupation(value as Occupation)}
          >
            <Group gap="xs">
              {occupations.map((o) => (
                <Chip key={o} value={o}>
                  {t(`survey.occupations.${o}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stepper.Step>
        <Stepper.Step label={t('survey.steps.purposes')}>
          <ChoiceHint text={t('survey.purposesQuestion')} />
          <Chip.Group
            multiple
            value={chosenPurposes}
            onChange={(value) => setChosenPurposes(value as Purpose[])}
          >
            <Group gap="xs">
              {purposes.map((p) => (
                <Chip key={p} value={p}>
                  {t(`survey.purposes.${p}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stepper.Step>
        <Stepper.Step label={t('survey.steps.interests')}>
          <ChoiceHint text={t('survey.interestsQuestion')} />
          <Chip.Group
            multiple
            value={chosenInterests}
            onChange={(value) => setChosenInterests(value as Interest[])}
          >
            <Group gap="xs">
              {interests.map((i) => (
                <Chip key={i} value={i}>
                  {t(`survey.interests.${i}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stepper.Step>
      </Stepper>
      {/* On a phone the step buttons come first and "skip" sits under them. */}
      <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="space-between" gap="xs">
        <Button variant="subtle" color="gray" onClick={onSkip}>
          {t('survey.skip')}
        </Button>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          {step > 0 ? (
            <Button variant="default" onClick={() => setStep(step - 1)}>
              {t('survey.back')}
            </Button>
          ) : null}
          <Button onClick={next} disabled={!answered[step]} loading={last && submitting}>
            {last ? t('survey.submit') : t('survey.next')}
          </Button>
        </Group>
      </Flex>
    </Stack>
  );
}
