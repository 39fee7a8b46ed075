import {
  adminReportPageSchema,
  adminWorkEditPageSchema,
  approveEditBodySchema,
  cursorQuerySchema,
  adminReportsQuerySchema,
  adminWorksQuerySchema,
  banUserBodySchema,
  banUserResultSchema,
  idParamSchema,
  rejectEditBodySchema,
  rejectWorkBodySchema,
  resolveReportBodySchema,
  resolveReportResultSchema,
  reviewResultSchema,
  workPageSchema,
} from '@lumen/contracts/community';
import { envelopeSchema } from '@lumen/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import type { UserRow } from '../auth/auth.schema';
import type { Community } from './community.module';
import { adminGuard } from './require-admin';

const tags = ['admin'];

/** The moderators' queue: works to review, reports to resolve, bans. Admin-only (else 1003). */
export const adminReviewRoutes: FastifyPluginAsyncZod<{
  community: Community;
  isAdmin: (user: UserRow) => boolean;
}> = async (app, { community, isAdmin }) => {
  const requireAdmin = adminGuard(isAdmin);
  const review = community.adminReview;

  app.get(
    '/prod-api/admin/works',
    {
      schema: {
        tags,
        summary: 'Works in a review state (default: submitted), newest first',
        querystring: adminWorksQuerySchema,
        response: { 200: envelopeSchema(workPageSchema) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const q = request.query;
      return ok(
        await community.feed.page(
          admin.id,
          { status: q.status },
          { by: 'created' },
          q.cursor,
          q.limit,
        ),
      );
    },
  );

  app.get(
    '/prod-api/admin/works/edits',
    {
      schema: {
        tags,
        summary: "Approved works' title and description edits waiting for review, oldest first",
        querystring: cursorQuerySchema,
        response: { 200: envelopeSchema(adminWorkEditPageSchema) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return ok(await review.listEdits(request.query.cursor, request.query.limit));
    },
  );

  app.post(
    '/prod-api/admin/works/:id/edit/approve',
    {
      schema: {
        tags,
        summary: 'Approve an edit: the work shows its new title and description (the version seen)',
        params: idParamSchema,
        body: approveEditBodySchema,
        response: { 200: envelopeSchema(reviewResultSchema) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return ok(await review.approveEdit(Number(request.params.id), request.body.edited_at));
    },
  );

  app.post(
    '/prod-api/admin/works/:id/edit/reject',
    {
      schema: {
        tags,
        summary: 'Reject an edit with a reason its author sees: the work keeps its approved text',
        params: idParamSchema,
        body: rejectEditBodySchema,
        response: { 200: envelopeSchema(reviewResultSchema) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const { edited_at, reason } = request.body;
      return ok(await review.rejectEdit(Number(request.params.id), edited_at, reason));
    },
  );

  const actions = [
    ['review', 'Take a submitted work under review', (id: number) => review.claim(id)],
    ['approve', 'Approve a work: it shows in the community', (id: number) => review.approve(id)],
    ['hide', 'Hide a work from the community', (id: number) => review.hide(id)],
  ] as const;
  for (const [action, summary, run] of actions) {
    app.post(
      `/prod-api/admin/works/:id/${action}`,
      {
        schema: {
          tags,
          summary,
          params: idParamSchema,
          response: { 200: envelopeSchema(reviewResultSchema) },
        },
      },
      async (request) => {
        await requireAdmin(request);
        return ok(await run(Number(request.params.id)));
      },
    );
  }

  app.post(
    '/prod-api/admin/works/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a work with a reason its author sees',
        params: idParamSchema,
        body: rejectWorkBodySchema,
        response: { 200: envelopeSchema(reviewResultSchema) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return ok(await review.reject(Number(request.params.id), request.body.reason));
    },
  );

  app.get(
    '/prod-api/admin/reports',
    {
      schema: {
        tags,
        summary: 'Reports, open or resolved, newest first',
        querystring: adminReportsQuerySchema,
        response: { 200: envelopeSchema(adminReportPageSchema) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const q = request.query;
      return ok(await community.reports.list(q.status, q.cursor, q.limit));
    },
  );

  app.post(
    '/prod-api/admin/reports/:id/resolve',
    {
      schema: {
        tags,
        summary: 'Resolve a report: dismiss, hide the work (or remove the comment), ban the author',
        params: idParamSchema,
        body: resolveReportBodySchema,
        response: { 200: envelopeSchema(resolveReportResultSchema) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return ok(await review.resolveReport(admin, Number(request.params.id), request.body.action));
    },
  );

  app.post(
    '/prod-api/admin/users/:id/ban',
    {
      schema: {
        tags,
        summary: 'Ban a user: no sign-in, sessions end, nothing more can be posted',
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: banUserBodySchema,
        response: { 200: envelopeSchema(banUserResultSchema) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const banned = await review.ban(request.params.id);
      request.log.info(
        { userId: banned.user_id, by: admin.id, reason: request.body.reason },
        'user banned',
      );
      return ok(banned);
    },
  );
};
