import { sendCaptchaResultSchema } from '@lumen/contracts/auth';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';

export type CaptchaTarget = { method: 'email'; email: string } | { method: 'phone'; phone: string };
export type CaptchaPurpose = 'login' | 'bind';
export type SendCaptchaResult = z.infer<typeof sendCaptchaResultSchema>;

/**
 * `POST /prod-api/user/captcha` (spec §7): e-mails or texts a 6-digit code. Asking again within
 * the 60 s wait answers 3004, whose message the API client shows.
 */
export function sendCaptcha(
  target: CaptchaTarget,
  purpose: CaptchaPurpose = 'login',
): Promise<SendCaptchaResult> {
  return api.post(
    '/prod-api/user/captcha',
    { ...target, purpose, request_id: crypto.randomUUID() },
    { schema: sendCaptchaResultSchema },
  );
}
