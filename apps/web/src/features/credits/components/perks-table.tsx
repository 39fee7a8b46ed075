import {
  estimatedWaitMinutes,
  gatedFeatures,
  gradeLimits,
  type Grade,
  type GradeLimits,
} from '@lumen/contracts/plans';
import { Card, Table, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { comparedGrades, gradeNameKey } from '../grade-names';

function Yes({ yes }: { yes: boolean }) {
  return (
    <ThemeIcon size={20} radius="xl" variant="light" color={yes ? 'teal' : 'gray'}>
      {yes ? <IconCheck size={13} /> : <IconMinus size={13} />}
    </ThemeIcon>
  );
}

/** Rows of the comparison, read from the same limits the server enforces. */
const rows: {
  key: string;
  cell: (limits: GradeLimits, grade: Grade, t: TFunction) => ReactNode;
}[] = [
  { key: 'imagesPerRun', cell: (l) => l.imagesPerRun },
  { key: 'activeImageTasks', cell: (l) => l.activeImageTasks },
  { key: 'activeVideoTasks', cell: (l) => l.activeVideoTasks },
  { key: 'concurrentTasks', cell: (l) => l.concurrentTasks },
  {
    key: 'videoSeconds',
    cell: (l, _g, t) => t('member.perks.seconds', { list: l.videoSeconds.join(' / ') }),
  },
  {
    key: 'queue',
    cell: (_l, g, t) => t('member.perks.minutes', { count: estimatedWaitMinutes(g) }),
  },
  { key: 'noWatermark', cell: (l) => <Yes yes={!l.watermark} /> },
  { key: 'private', cell: (l) => <Yes yes={l.features.has('private')} /> },
  { key: 'proTools', cell: (l) => <Yes yes={l.features.size === gatedFeatures.length} /> },
];

export function PerksTable({ currentGrade }: { currentGrade: number | undefined }) {
  const { t } = useTranslation();
  // Grade 4 reads as pro, so its holder sees the pro column marked.
  const marked = currentGrade === 4 ? 3 : currentGrade;
  const highlight = (grade: Grade) =>
    grade === marked ? { background: 'var(--mantine-primary-color-light)' } : undefined;
  return (
    <Card withBorder radius="lg" padding={0}>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" horizontalSpacing="md" ta="center">
          <Table.Thead>
            <Table.Tr>
              <Table.Th ta="left">{t('member.perks.feature')}</Table.Th>
              {comparedGrades.map((grade) => (
                <Table.Th key={grade} ta="center" style={highlight(grade)}>
                  <Text fw={700} size="sm">
                    {t(gradeNameKey(grade))}
                  </Text>
                  {grade === marked ? (
                    <Text size="xs" c="violet" fw={600}>
                      {t('member.perks.yours')}
                    </Text>
                  ) : null}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td ta="left">
                  <Text size="sm">{t(`member.perks.rows.${row.key}`)}</Text>
                </Table.Td>
                {comparedGrades.map((grade) => (
                  <Table.Td key={grade} style={highlight(grade)}>
                    <Text
                      size="sm"
                      fw={600}
                      component="div"
                      style={{ display: 'flex', justifyContent: 'center' }}
                    >
                      {row.cell(gradeLimits[grade], grade, t)}
                    </Text>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
