import {
  workStatuses,
  type AdminWorkEdit,
  type Work,
  type WorkStatus,
} from '@lumen/contracts/community';
import {
  Button,
  Center,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '../../../shared/ui/toast';
import {
  useDecideEdit,
  useReports,
  useResolveReport,
  useReviewWork,
  useReviewWorks,
  useWorkEdits,
} from '../api/review';
import { AdminPageHeader } from '../components/admin-page-header';
import { RejectDialog } from '../components/reject-dialog';
import { ReportCard } from '../components/report-card';
import { ReviewEditCard } from '../components/review-edit-card';
import { ReviewWorkCard } from '../components/review-work-card';
import { withAdminTexts } from '../admin-texts';

const queueStatuses = workStatuses.filter((s) => s !== 'reviewing');

function WorksQueue() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<WorkStatus>('submitted');
  const works = useReviewWorks(status);
  const review = useReviewWork();
  const [rejecting, setRejecting] = useState<Work | null>(null);
  const items = useMemo(() => works.data?.pages.flatMap((p) => p.data) ?? [], [works.data]);
  const done = (key: string) => toast({ type: 'success', message: t(key) });

  return (
    <Stack gap="md">
      <SegmentedControl
        value={status}
        onChange={(value) => setStatus(value as WorkStatus)}
        data={queueStatuses.map((value) => ({
          value,
          label: t(`community.status.${value}`),
        }))}
        w="fit-content"
        maw="100%"
      />
      {works.isPending ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t(status === 'submitted' ? 'admin.review.queueEmpty' : 'admin.review.none')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
          {items.map((work) => (
            <ReviewWorkCard
              key={work.work_id}
              work={work}
              busy={review.isPending}
              onApprove={() =>
                review.mutate(
                  { workId: work.work_id, action: 'approve' },
                  { onSuccess: () => done('admin.review.approved') },
                )
              }
              onReject={() => setRejecting(work)}
              onHide={() =>
                modals.openConfirmModal({
                  title: t('admin.review.hideTitle'),
                  children: <Text size="sm">{t('admin.review.hideBody')}</Text>,
                  labels: { confirm: t('admin.review.hide'), cancel: t('common.cancel') },
                  confirmProps: { color: 'red' },
                  onConfirm: () =>
                    review.mutate(
                      { workId: work.work_id, action: 'hide' },
                      { onSuccess: () => done('admin.review.hidden') },
                    ),
                })
              }
            />
          ))}
        </SimpleGrid>
      )}
      {works.hasNextPage ? (
        <Button
          variant="subtle"
          onClick={() => void works.fetchNextPage()}
          loading={works.isFetchingNextPage}
        >
          {t('admin.review.more')}
        </Button>
      ) : null}
      <RejectDialog
        key={rejecting?.work_id ?? 'none'}
        opened={rejecting !== null}
        title={rejecting?.title ?? ''}
        loading={review.isPending}
        onClose={() => setRejecting(null)}
        onReject={(reason) =>
          rejecting &&
          review.mutate(
            { workId: rejecting.work_id, action: 'reject', reason },
            {
              onSuccess: () => {
                setRejecting(null);
                done('admin.review.rejected');
              },
            },
          )
        }
      />
    </Stack>
  );
}

function EditsQueue() {
  const { t } = useTranslation();
  const edits = useWorkEdits();
  const decide = useDecideEdit();
  const [rejecting, setRejecting] = useState<AdminWorkEdit | null>(null);
  const items = useMemo(() => edits.data?.pages.flatMap((p) => p.data) ?? [], [edits.data]);
  const done = (key: string) => toast({ type: 'success', message: t(key) });

  return (
    <Stack gap="md">
      {edits.isPending ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('admin.review.editsEmpty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {items.map((edit) => (
            <ReviewEditCard
              key={`${edit.work.work_id}:${edit.edited_at}`}
              edit={edit}
              busy={decide.isPending}
              onApprove={() =>
                decide.mutate(
                  { workId: edit.work.work_id, editedAt: edit.edited_at, action: 'approve' },
                  { onSuccess: () => done('admin.review.editApproved') },
                )
              }
              onReject={() => setRejecting(edit)}
            />
          ))}
        </SimpleGrid>
      )}
      {edits.hasNextPage ? (
        <Button
          variant="subtle"
          onClick={() => void edits.fetchNextPage()}
          loading={edits.isFetchingNextPage}
        >
          {t('admin.review.more')}
        </Button>
      ) : null}
      <RejectDialog
        key={rejecting ? `${rejecting.work.work_id}:${rejecting.edited_at}` : 'none'}
        opened={rejecting !== null}
        heading={t('admin.review.rejectEditTitle')}
        title={rejecting?.title ?? ''}
        loading={decide.isPending}
        onClose={() => setRejecting(null)}
        onReject={(reason) =>
          rejecting &&
          decide.mutate(
            {
              workId: rejecting.work.work_id,
              editedAt: rejecting.edited_at,
              action: 'reject',
              reason,
            },
            {
              onSuccess: () => {
                setRejecting(null);
                done('admin.review.editRejected');
              },
            },
          )
        }
      />
    </Stack>
  );
}

function ReportsQueue() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const reports = useReports(status);
  const resolve = useResolveReport();
  const items = useMemo(() => reports.data?.pages.flatMap((p) => p.data) ?? [], [reports.data]);

  return (
    <Stack gap="md">
      <SegmentedControl
        value={status}
        onChange={(value) => setStatus(value === 'resolved' ? 'resolved' : 'open')}
        data={[
          { value: 'open', label: t('admin.reports.open') },
          { value: 'resolved', label: t('admin.reports.resolved') },
        ]}
        w="fit-content"
      />
      {reports.isPending ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t(status === 'open' ? 'admin.reports.queueEmpty' : 'admin.reports.none')}
        </Text>
      ) : (
        <Stack gap="sm">
          {items.map((report) => (
            <ReportCard
              key={report.report_id}
              report={report}
              busy={resolve.isPending}
              onResolve={(action) => {
                const run = () =>
                  resolve.mutate(
                    { reportId: report.report_id, action },
                    {
                      onSuccess: () =>
                        toast({ type: 'success', message: t('admin.reports.resolvedToast') }),
                    },
                  );
                if (action === 'dismiss') return run();
                modals.openConfirmModal({
                  title: t(`admin.reports.confirm.${action}.title`),
                  children: <Text size="sm">{t(`admin.reports.confirm.${action}.body`)}</Text>,
                  labels: {
                    confirm: t(`admin.reports.actions.${action}`),
                    cancel: t('common.cancel'),
                  },
                  confirmProps: { color: 'red' },
                  onConfirm: run,
                });
              }}
            />
          ))}
        </Stack>
      )}
      {reports.hasNextPage ? (
        <Button
          variant="subtle"
          onClick={() => void reports.fetchNextPage()}
          loading={reports.isFetchingNextPage}
        >
          {t('admin.review.more')}
        </Button>
      ) : null}
    </Stack>
  );
}

/**
 * `/admin/review`: works awaiting review, published works' edits, and open reports (admins
 * only, by the route guard).
 */
export const ReviewPage = withAdminTexts(ReviewPageContent);

function ReviewPageContent() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = asked === 'reports' || asked === 'edits' ? asked : 'works';
  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <AdminPageHeader title={t('admin.review.title')} subtitle={t('admin.review.subtitle')} />
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(value === 'reports' || value === 'edits' ? { tab: value } : {})
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="works">{t('admin.review.worksTab')}</Tabs.Tab>
          <Tabs.Tab value="edits">{t('admin.review.editsTab')}</Tabs.Tab>
          <Tabs.Tab value="reports">{t('admin.review.reportsTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="works" pt="md">
          <WorksQueue />
        </Tabs.Panel>
        <Tabs.Panel value="edits" pt="md">
          <EditsQueue />
        </Tabs.Panel>
        <Tabs.Panel value="reports" pt="md">
          <ReportsQueue />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
