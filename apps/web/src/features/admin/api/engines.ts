import {
  connectionReportSchema,
  engineConnectionViewSchema,
  engineRouteSavedSchema,
  enginesOverviewSchema,
  tryResultSchema,
  type ConnectableEngine,
  type EngineConnectionBody,
  type EngineRouteBody,
} from '@lumen/contracts/engines-admin';
import { taskResultSchema } from '@lumen/contracts/tasks';
import { taskTypeDefinitions, type TaskType } from '@lumen/contracts/task-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';

export const enginesKeys = {
  overview: ['admin-engines'] as const,
  tryTask: (taskId: string) => ['admin-engines', 'try', taskId] as const,
};

/** How often the page reads the figures, workers and queue again while it is open. */
const OVERVIEW_REFRESH_MS = 15_000;
/** How often a "Try it" task on its way is asked for again. */
const TRY_POLL_MS = 2000;

const enc = encodeURIComponent;
/** Admin writes answer their errors where they were made, so no second toast. */
const quiet = { silent: true } as const;

/** `GET /prod-api/admin/engines`: connections, routing with figures, workers, queue, warnings. */
export function useEnginesOverview() {
  return useQuery({
    queryKey: enginesKeys.overview,
    queryFn: () => api.get('/prod-api/admin/engines', { schema: enginesOverviewSchema }),
    refetchInterval: OVERVIEW_REFRESH_MS,
  });
}

/** `PUT /prod-api/admin/engines/{engine}`: saves a connection (stored encrypted). */
export function useSaveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ engine, body }: { engine: ConnectableEngine; body: EngineConnectionBody }) =>
      api.put(`/prod-api/admin/engines/${enc(engine)}`, body, {
        schema: z.object({ connection: engineConnectionViewSchema }),
        ...quiet,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enginesKeys.overview }),
  });
}

/** `POST /prod-api/admin/engines/{engine}/test`, with the fields as typed (saved or not). */
export function useTestConnection() {
  return useMutation({
    mutationFn: ({ engine, body }: { engine: ConnectableEngine; body: EngineConnectionBody }) =>
      api.post(`/prod-api/admin/engines/${enc(engine)}/test`, body, {
        schema: connectionReportSchema,
        ...quiet,
      }),
  });
}

/** `PUT /prod-api/admin/engines/routes/{task_type}`. */
export function useSaveRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskType, body }: { taskType: TaskType; body: EngineRouteBody }) =>
      api.put(`/prod-api/admin/engines/routes/${enc(taskType)}`, body, {
        schema: engineRouteSavedSchema,
        ...quiet,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enginesKeys.overview }),
  });
}

/** `POST /prod-api/admin/engines/routes/{task_type}/try`: a free sample task, as the admin. */
export function useTryRoute() {
  return useMutation({
    mutationFn: (taskType: TaskType) =>
      api.post(`/prod-api/admin/engines/routes/${enc(taskType)}/try`, undefined, {
        schema: tryResultSchema,
        ...quiet,
      }),
  });
}

/** The sample task through the usual results call, asked again while it is on its way. */
export function useTryTask(taskType: TaskType, taskId: string | undefined) {
  const media = taskTypeDefinitions[taskType].media;
  return useQuery({
    queryKey: enginesKeys.tryTask(taskId ?? ''),
    enabled: taskId !== undefined,
    queryFn: () =>
      api.get(`/api/gw/v3/${media}/${enc(taskType)}/async/results`, {
        query: { task_id: taskId ?? '' },
        schema: taskResultSchema,
        silent: true,
      }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === undefined || status === 'queued' || status === 'generating'
        ? TRY_POLL_MS
        : false;
    },
  });
}
