import {
  ocrResultSchema,
  shopTemplateListSchema,
  shopTemplateSchema,
  type ShopTemplateBody,
} from '@lumen/contracts/ecommerce';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';

const templatesKey = ['shop', 'templates'] as const;
const templatesPath = '/prod-api/content/ecommerce/templates';

/** `GET …/ecommerce/templates`: the starters, then mine, oldest first. */
export function useShopTemplates(enabled: boolean) {
  return useQuery({
    queryKey: templatesKey,
    queryFn: () => api.get(templatesPath, { schema: shopTemplateListSchema }),
    enabled,
    select: (list) => list.data,
  });
}

/** Creates a template, or saves one of mine when an id is given; the list is read again. */
export function useSaveShopTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ShopTemplateBody }) =>
      id === null
        ? api.post(templatesPath, body, { schema: shopTemplateSchema })
        : api.put(`${templatesPath}/${encodeURIComponent(id)}`, body, {
            schema: shopTemplateSchema,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

export function useDeleteShopTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(`${templatesPath}/${encodeURIComponent(id)}`, { schema: z.null() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

/** `POST /prod-api/content/ocr`: the lines of text in one of my pictures, with their boxes. */
export function readPictureText(key: string) {
  return api.post('/prod-api/content/ocr', { key }, { schema: ocrResultSchema });
}
