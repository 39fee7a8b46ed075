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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownRoutes } from '../../lib/own-routes';
import type { AssetsService } from './assets.service';

const base = '/prod-api/content/assets_folder';

/** The library's folders (spec §7 `assets_folder`); every path is the caller's own. */
export const assetsRoutes: FastifyPluginAsyncZod<{ service: AssetsService }> = async (
  app,
  { service },
) => {
  const route = ownRoutes(app, ['assets']);
  route({
    method: 'GET',
    url: base,
    summary: 'My folders, newest first, with up to five cover thumbnails each',
    querystring: folderListQuerySchema,
    result: folderListResultSchema,
    handle: async (userId, { query }) => ({
      data: await service.listFolders(userId, query.algo_type),
    }),
  });
  route({
    method: 'POST',
    url: base,
    summary: 'Create a folder; names are unique per algorithm, whatever the case',
    body: createFolderBodySchema,
    result: folderSchema,
    handle: (userId, { body }) => service.createFolder(userId, body),
  });
  route({
    method: 'PATCH',
    url: `${base}/:id`,
    summary: 'Rename a folder',
    params: folderParamsSchema,
    body: renameFolderBodySchema,
    result: folderSchema,
    handle: (userId, { params, body }) => service.renameFolder(userId, params.id, body.name),
  });
  route({
    method: 'DELETE',
    url: `${base}/:id`,
    summary: 'Delete a folder; its works stay, outside any folder',
    params: folderParamsSchema,
    result: z.null(),
    handle: async (userId, { params }) => {
      await service.deleteFolder(userId, params.id);
      return null;
    },
  });
  route({
    method: 'GET',
    url: `${base}/:id/items`,
    summary: "A folder's works, newest first",
    params: folderParamsSchema,
    querystring: folderItemsQuerySchema,
    result: folderItemsResultSchema,
    handle: (userId, { params, query }) => service.listItems(userId, params.id, query),
  });
  route({
    method: 'POST',
    url: `${base}/:id/items`,
    summary: 'Put my generated works in the folder (moving them from any other)',
    params: folderParamsSchema,
    body: folderItemsBodySchema,
    result: movedItemsResultSchema,
    handle: async (userId, { params, body }) => ({
      count: await service.addItems(userId, params.id, body.keys),
    }),
  });
  route({
    method: 'DELETE',
    url: `${base}/:id/items`,
    summary: 'Take works out of the folder (they are not deleted)',
    params: folderParamsSchema,
    body: folderItemsBodySchema,
    result: movedItemsResultSchema,
    handle: async (userId, { params, body }) => ({
      count: await service.removeItems(userId, params.id, body.keys),
    }),
  });
};
