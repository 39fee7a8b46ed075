import {
  estimatedWaitMinutes,
  gradeLimits,
  type Grade,
  type GradeLimits,
} from '@lumen/contracts/plans';
import type { Sku } from '@lumen/contracts/trade';
import { Card, Table, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { planCardGrades, toolRows, type PlanCardKey } from '../plans';
import classes from './perks-comparison.module.css';

function Mark({ yes, label }: { yes: boolean; label: string }) {
  return (
    <ThemeIcon
      size={20}
      radius="xl"
      variant="light"
      color={yes ? 'teal' : 'gray'}
      role="img"
      aria-label={label}
    >
      {yes ? <IconCheck size={13} /> : <IconMinus size={13} />}
    </ThemeIcon>
  );
}

type Cell = (limits: GradeLimits, grade: Grade, t: TFunction) => ReactNode;

const limitRows: { key: string; cell: Cell }[] = [
  { key: 'imagesPerRun', cell: (l) => l.imagesPerRun },
  { key: 'imageTasks', cell: (l) => l.activeImageTasks },
  { key: 'videoTasks', cell: (l) => l.activeVideoTasks },
  { key: 'concurrent', cell: (l) => l.concurrentTasks },
  {
    key: 'videoSeconds',
    cell: (l, _g, t) => t('membership.compare.seconds', { list: l.videoSeconds.join(' / ') }),
  },
  {
    key: 'queue',
    cell: (_l, g, t) => t('membership.compare.minutes', { count: estimatedWaitMinutes(g) }),
  },
  {
    key: 'noWatermark',
    cell: (l, _g, t) => (
      <Mark
        yes={!l.watermark}
        label={t(l.watermark ? 'membership.compare.notIncluded' : 'membership.compare.included')}
      />
    ),
  },
  {
    key: 'private',
    cell: (l, _g, t) => {
      const yes = l.features.has('private');
      return (
        <Mark
          yes={yes}
          label={t(yes ? 'membership.compare.included' : 'membership.compare.notIncluded')}
        />
      );
    },
  },
];

const plans = Object.keys(planCardGrades) as PlanCardKey[];

/** Spec §6 by grade: limits, then the gated tools; the user's own column is marked. */
export function PerksComparison({
  skus,
  currentGrade,
}: {
  skus: readonly Sku[];
  currentGrade: number | undefined;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  // Grade 4 reads as pro.
  const marked = currentGrade === 4 ? 3 : currentGrade;
  const creditsOf = (grade: Grade) =>
    skus.find((s) => s.kind === 'membership' && s.grade === grade && s.bill_cycle === 'month')
      ?.credits;

  const column = (grade: Grade) => ({
    'data-current': grade === marked || undefined,
    className: classes.cell,
  });

  return (
    <Card withBorder radius="lg" padding={0}>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" horizontalSpacing="md" className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.feature}>{t('membership.compare.feature')}</Table.Th>
              {plans.map((plan) => (
                <Table.Th key={plan} ta="center" {...column(planCardGrades[plan])}>
                  <Text fw={700} size="sm">
                    {t(`pay.grades.${plan}`)}
                  </Text>
                  {planCardGrades[plan] === marked ? (
                    <Text size="xs" c="violet" fw={600}>
                      {t('membership.plan.yours')}
                    </Text>
                  ) : null}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td className={classes.feature}>
                {t('membership.compare.rows.credits')}
              </Table.Td>
              {plans.map((plan) => {
                const grade = planCardGrades[plan];
                const credits = creditsOf(grade);
                return (
                  <Table.Td key={plan} ta="center" fw={600} {...column(grade)}>
                    {grade === 0
                      ? t('membership.compare.dailyOnly')
                      : credits === undefined
                        ? '—'
                        : number.format(credits)}
                  </Table.Td>
                );
              })}
            </Table.Tr>
            {limitRows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td className={classes.feature}>
                  {t(`membership.compare.rows.${row.key}`)}
                </Table.Td>
                {plans.map((plan) => {
                  const grade = planCardGrades[plan];
                  return (
                    <Table.Td key={plan} ta="center" fw={600} {...column(grade)}>
                      <div className={classes.centre}>{row.cell(gradeLimits[grade], grade, t)}</div>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td colSpan={plans.length + 1} className={classes.group}>
                <span className={classes.groupLabel}>{t('membership.compare.tools')}</span>
              </Table.Td>
            </Table.Tr>
            {toolRows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td className={classes.feature}>{t(row.labelKey)}</Table.Td>
                {plans.map((plan) => {
                  const grade = planCardGrades[plan];
                  const yes = row.features.every((f) => gradeLimits[grade].features.has(f));
                  return (
                    <Table.Td key={plan} ta="center" {...column(grade)}>
                      <div className={classes.centre}>
                        <Mark
                          yes={yes}
                          label={t(
                            yes ? 'membership.compare.included' : 'membership.compare.notIncluded',
                          )}
                        />
                      </div>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
