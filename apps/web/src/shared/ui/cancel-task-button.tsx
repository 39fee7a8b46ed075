import type { TaskResult } from '@lumen/contracts/tasks';
import { Button, type ButtonProps } from '@mantine/core';
import { IconPlayerStopFilled } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cancelTask } from '../api/cancel-task';
import { accountQueryRoot } from '../session/account-info';

interface CancelTaskButtonProps extends Omit<ButtonProps, 'children' | 'onClick'> {
  taskId: string;
  /** The cancelled task, for the caller's caches; the balance is read again here. */
  onCancelled: (task: TaskResult) => void;
}

/** Stops a run on its way; its held credits come back at once. */
export function CancelTaskButton({ taskId, onCancelled, ...props }: CancelTaskButtonProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelTask(taskId),
    onSuccess: (task) => {
      onCancelled(task);
      void queryClient.invalidateQueries({ queryKey: accountQueryRoot });
    },
  });
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconPlayerStopFilled size={12} />}
      loading={cancel.isPending}
      onClick={() => cancel.mutate()}
      {...props}
    >
      {t('common.cancel')}
    </Button>
  );
}
