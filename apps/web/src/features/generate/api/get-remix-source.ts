import { workDetailSchema } from '@lumen/contracts/community';
import { api } from '../../../shared/api/client';

/** `GET /prod-api/content/works/{id}`: the published work a remix starts from. */
export function getRemixSource(workId: string) {
  return api.get(`/prod-api/content/works/${encodeURIComponent(workId)}`, {
    schema: workDetailSchema,
  });
}
