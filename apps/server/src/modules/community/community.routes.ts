import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UserRow } from '../auth/auth.schema';
import { adminReviewRoutes } from './admin-review.routes';
import { campaignsRoutes } from './campaigns.routes';
import { circlesRoutes } from './circles.routes';
import { commentsRoutes } from './comments.routes';
import type { Community } from './community.module';
import { notificationsRoutes } from './notifications.routes';
import { shareRoutes } from './share.routes';
import { socialRoutes } from './social.routes';
import { worksRoutes } from './works.routes';

/** Every community route: works, people, comments, circles, campaigns, notices, review, share. */
export const communityRoutes: FastifyPluginAsyncZod<{
  community: Community;
  isAdmin: (user: UserRow) => boolean;
  webDistDir: string;
  publicUrl: string;
}> = async (app, { community, isAdmin, webDistDir, publicUrl }) => {
  await app.register(worksRoutes, { community });
  await app.register(socialRoutes, { community });
  await app.register(commentsRoutes, { community });
  await app.register(circlesRoutes, { community, isAdmin });
  await app.register(campaignsRoutes, { community, isAdmin });
  await app.register(notificationsRoutes, { community, isAdmin });
  await app.register(adminReviewRoutes, { community, isAdmin });
  await app.register(shareRoutes, { community, webDistDir, publicUrl });
};
