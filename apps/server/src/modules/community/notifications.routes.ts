import {
  broadcastBodySchema,
  broadcastResultSchema,
  createReportBodySchema,
  createReportResultSchema,
  markReadBodySchema,
  markReadResultSchema,
  noticePollingQuerySchema,
  noticePollingResultSchema,
  queryNotifyListBodySchema,
  queryNotifyListResultSchema,
} from '@lumen/contracts/community';
import { envelopeSchema } from '@lumen/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import type { UserRow } from '../auth/auth.schema';
import type { Community } from './community.module';
import { adminGuard } from './require-admin';

const tags = ['community'];

/** Notifications (spec §4 notice poll, §7 queryNotifyList), admin broadcasts, and reports. */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  community: Community;
  isAdmin: (user: UserRow) => boolean;
}> = async (app, { community, isAdmin }) => {
  const requireAdmin = adminGuard(isAdmin);

  app.get(
    '/prod-api/user/notice/polling',
    {
      schema: {
        tags,
        summary: 'The 60 s notice poll: unread counts per tab and whether anything is new',
        querystring: noticePollingQuerySchema,
        response: { 200: envelopeSchema(noticePollingResultSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await community.notifications.poll(user.id, request.query.timestamp));
    },
  );

  app.post(
    '/capi/notify/queryNotifyList',
    {
      schema: {
        tags,
        summary:
          'My notifications, newest first (pageNo from 1, 0 = 1; -1 = all for status and type)',
        body: queryNotifyListBodySchema,
        response: { 200: envelopeSchema(queryNotifyListResultSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await community.notifications.list(user.id, request.body, request.lang));
    },
  );

  app.post(
    '/capi/notify/markRead',
    {
      schema: {
        tags,
        summary: 'Mark notifications read: by ids, by tab, or all',
        body: markReadBodySchema,
        response: { 200: envelopeSchema(markReadResultSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await community.notifications.markRead(user.id, request.body));
    },
  );

  app.post(
    '/prod-api/admin/notifications',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send an official message or a notice to every active user',
        body: broadcastBodySchema,
        response: { 200: envelopeSchema(broadcastResultSchema) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return ok(await community.notifications.broadcast(request.body));
    },
  );

  app.post(
    '/prod-api/content/reports',
    {
      schema: {
        tags,
        summary: 'Report a work or a comment (at least one reason)',
        body: createReportBodySchema,
        response: { 200: envelopeSchema(createReportResultSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await community.reports.create(user, request.body));
    },
  );
};
