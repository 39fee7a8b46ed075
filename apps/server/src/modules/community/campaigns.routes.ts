import {
  adminCampaignPageQuerySchema,
  campaignDotSchema,
  campaignEntriesQuerySchema,
  campaignEntryPageSchema,
  campaignEntryParamsSchema,
  campaignListSchema,
  campaignPageQuerySchema,
  campaignPageSchema,
  campaignResultsBodySchema,
  campaignSchema,
  cmpIdParamSchema,
  createCampaignBodySchema,
  enterCampaignBodySchema,
  enterCampaignResultSchema,
  idParamSchema,
  updateCampaignBodySchema,
  voteResultSchema,
} from '@lumen/contracts/community';
import { envelopeSchema } from '@lumen/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import type { UserRow } from '../auth/auth.schema';
import type { Community } from './community.module';
import { adminGuard } from './require-admin';

const tags = ['community'];

/** Campaigns (spec §7 `/prod-api/content/campaign/list` and `/campaign`), entries, votes, dot. */
export const campaignsRoutes: FastifyPluginAsyncZod<{
  community: Community;
  isAdmin: (user: UserRow) => boolean;
}> = async (app, { community, isAdmin }) => {
  const requireAdmin = adminGuard(isAdmin);
  const viewerOf = async (request: { optionalAuth(): Promise<{ user: { id: number } } | null> }) =>
    (await request.optionalAuth())?.user.id ?? null;

  app.get(
    '/prod-api/content/campaign/list',
    {
      schema: {
        tags,
        summary: 'Every visible campaign, newest first',
        response: { 200: envelopeSchema(campaignListSchema) },
      },
    },
    async (request) => ok(await community.campaigns.list(await viewerOf(request))),
  );

  app.get(
    '/prod-api/content/campaign',
    {
      schema: {
        tags,
        summary: 'Campaigns by status (entry, in_progress, past), a page at a time',
        querystring: campaignPageQuerySchema,
        response: { 200: envelopeSchema(campaignPageSchema) },
      },
    },
    async (request) => ok(await community.campaigns.page(await viewerOf(request), request.query)),
  );

  app.get(
    '/prod-api/content/campaign/dot',
    {
      schema: {
        tags,
        summary: 'Campaign dot: shown when the visible total exceeds the count last seen',
        response: { 200: envelopeSchema(campaignDotSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await community.campaigns.dot(user.id));
    },
  );

  app.post(
    '/prod-api/content/campaign/dot/seen',
    {
      schema: {
        tags,
        summary: 'Remember the campaign count as seen',
        response: { 200: envelopeSchema(campaignDotSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await community.campaigns.markSeen(user.id));
    },
  );

  app.get(
    '/prod-api/content/campaign/:cmp_id',
    {
      schema: {
        tags,
        summary: 'One campaign, with results once past',
        params: cmpIdParamSchema,
        response: { 200: envelopeSchema(campaignSchema) },
      },
    },
    async (request) =>
      ok(await community.campaigns.get(await viewerOf(request), Number(request.params.cmp_id))),
  );

  app.get(
    '/prod-api/content/campaign/:cmp_id/entries',
    {
      schema: {
        tags,
        summary: "A campaign's entries, newest or most voted first",
        params: cmpIdParamSchema,
        querystring: campaignEntriesQuerySchema,
        response: { 200: envelopeSchema(campaignEntryPageSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      return ok(
        await community.campaigns.entries(
          await viewerOf(request),
          Number(request.params.cmp_id),
          q.sort,
          q.cursor,
          q.limit,
        ),
      );
    },
  );

  app.post(
    '/prod-api/content/campaign/:cmp_id/entries',
    {
      schema: {
        tags,
        summary: 'Enter my approved work while the campaign takes entries',
        params: cmpIdParamSchema,
        body: enterCampaignBodySchema,
        response: { 200: envelopeSchema(enterCampaignResultSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(
        await community.campaigns.enter(
          user,
          Number(request.params.cmp_id),
          Number(request.body.work_id),
        ),
      );
    },
  );

  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/prod-api/content/campaign/:cmp_id/entries/:work_id/vote',
      schema: {
        tags,
        summary: on ? 'Vote for an entry (one per user per entry)' : 'Take a vote back',
        params: campaignEntryParamsSchema,
        response: { 200: envelopeSchema(voteResultSchema) },
      },
      handler: async (request) => {
        const { user } = await request.requireAuth();
        return ok(
          await community.campaigns.vote(
            user,
            Number(request.params.cmp_id),
            Number(request.params.work_id),
            on,
          ),
        );
      },
    });
  }

  app.get(
    '/prod-api/admin/campaigns',
    {
      schema: {
        tags: ['admin'],
        summary: 'Campaigns for admins, including those whose entry period has not started',
        querystring: adminCampaignPageQuerySchema,
        response: { 200: envelopeSchema(campaignPageSchema) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return ok(await community.campaigns.adminPage(request.query));
    },
  );

  app.post(
    '/prod-api/admin/campaigns',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a campaign',
        body: createCampaignBodySchema,
        response: { 200: envelopeSchema(campaignSchema) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return ok(await community.campaigns.create(request.body));
    },
  );

  app.patch(
    '/prod-api/admin/campaigns/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a campaign',
        params: idParamSchema,
        body: updateCampaignBodySchema,
        response: { 200: envelopeSchema(campaignSchema) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return ok(await community.campaigns.update(Number(request.params.id), request.body));
    },
  );

  app.post(
    '/prod-api/admin/campaigns/:id/results',
    {
      schema: {
        tags: ['admin'],
        summary: "The judges' ranking of a campaign judged by judges",
        params: idParamSchema,
        body: campaignResultsBodySchema,
        response: { 200: envelopeSchema(campaignSchema) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return ok(
        await community.campaigns.setResults(Number(request.params.id), request.body.ranking),
      );
    },
  );
};
