import {
  uploadedMediaSchema,
  uploadTicketSchema,
  type UploadedMedia,
  type UploadTicket,
} from '@lumen/contracts/media';
import { api } from '../../../shared/api/client';

/** `POST /prod-api/content/uploads`: checks type and size, answers a presigned PUT address. */
export function createUpload(file: File): Promise<UploadTicket> {
  return api.post(
    '/prod-api/content/uploads',
    { filename: file.name, content_type: file.type, size: file.size },
    // Silent: the input shows the refusal next to itself.
    { schema: uploadTicketSchema, silent: true },
  );
}

/** The presigned PUT: plain bytes, not an envelope, so it bypasses the API client. */
export async function putUpload(ticket: UploadTicket, file: File, signal?: AbortSignal) {
  const response = await fetch(ticket.upload_url, {
    method: 'PUT',
    headers: { 'content-type': file.type },
    body: file,
    ...(signal ? { signal } : {}),
  });
  return response.ok;
}

/** `POST /prod-api/content/uploads/complete`: the server inspects the real file. */
export function completeUpload(key: string): Promise<UploadedMedia> {
  return api.post(
    '/prod-api/content/uploads/complete',
    { key },
    { schema: uploadedMediaSchema, silent: true },
  );
}
