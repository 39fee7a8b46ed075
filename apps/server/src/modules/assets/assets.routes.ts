import {
  createFolderBodySchema,
  folderItemsBodySchema,
  folderItemsQuerySchema,
  folderItemsResultSchema,
  folderListQuerySchema,
  folderListResultSchema,
  folderParamsSchema,
  folderSchema,
  movedItemsResultSchema,
  renameFolderBodySchema,
} from '@lumen/contracts/assets';
import { envelopeSchema } from '@lumen/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import type { AssetsService } from './assets.service';

const tags = ['assets'];
const base = '/prod-api/content/assets_folder';

/** The library's folders (spec §7 `assets_folder`); every path is the caller's own. */
export const assetsRoutes: FastifyPluginAsyncZod<{ service: AssetsService }> = async (
  app,
  { service },
) => {
  const userId = async (request: { requireAuth(): Promise<{ user: { id: number } }> }) =>
    (await request.requireAuth()).user.id;

  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'My folders, newest first, with up to five cover thumbnails each',
        querystring: folderListQuerySchema,
        response: { 200: envelopeSchema(folderListResultSchema) },
      },
    },
    async (request) =>
      ok({ data: await service.listFolders(await userId(request), request.query.algo_type) }),
  );
  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create a folder; names are unique per algorithm, whatever the case',
        body: createFolderBodySchema,
        response: { 200: envelopeSchema(folderSchema) },
      },
    },
    async (request) => ok(await service.createFolder(await userId(request), request.body)),
  );
  app.patch(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Rename a folder',
        params: folderParamsSchema,
        body: renameFolderBodySchema,
        response: { 200: envelopeSchema(folderSchema) },
      },
    },
    async (request) =>
      ok(await service.renameFolder(await userId(request), request.params.id, request.body.name)),
  );
  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a folder; its works stay, outside any folder',
        params: folderParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await service.deleteFolder(await userId(request), request.params.id);
      return ok(null);
    },
  );
  app.get(
    `${base}/:id/items`,
    {
      schema: {
        tags,
        summary: "A folder's works, newest first",
        params: folderParamsSchema,
        querystring: folderItemsQuerySchema,
        response: { 200: envelopeSchema(folderItemsResultSchema) },
      },
    },
    async (request) =>
      ok(await service.listItems(await userId(request), request.params.id, request.query)),
  );
  app.post(
    `${base}/:id/items`,
    {
      schema: {
        tags,
        summary: 'Put my generated works in the folder (moving them from any other)',
        params: folderParamsSchema,
        body: folderItemsBodySchema,
        response: { 200: envelopeSchema(movedItemsResultSchema) },
      },
    },
    async (request) => {
      const id = await userId(request);
      return ok({ count: await service.addItems(id, request.params.id, request.body.keys) });
    },
  );
  app.delete(
    `${base}/:id/items`,
    {
      schema: {
        tags,
        summary: 'Take works out of the folder (they are not deleted)',
        params: folderParamsSchema,
        body: folderItemsBodySchema,
        response: { 200: envelopeSchema(movedItemsResultSchema) },
      },
    },
    async (request) => {
      const id = await userId(request);
      return ok({ count: await service.removeItems(id, request.params.id, request.body.keys) });
    },
  );
};
