import { z } from 'zod';
import { accountInfoSchema } from './credits';
import { ageGroups, consentStates } from './minors';

/** How many accounts one search answers: enough to pick from, few enough to read. */
export const ADMIN_USER_SEARCH_LIMIT = 20;

/**
 * `GET /prod-api/admin/users?q=`: digits match an id, an address with `@` or a phone number
 * match exactly, and any text matches a username or nickname containing it (any letter case).
 */
export const adminUserSearchQuerySchema = z.object({
  q: z.string().trim().min(1).max(100),
});
export type AdminUserSearchQuery = z.infer<typeof adminUserSearchQuerySchema>;

export const adminUserStatuses = ['active', 'banned', 'closed'] as const;

/** One account as the admin's list shows it. */
export const adminUserSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(adminUserStatuses),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  grade: z.number().int(),
  plan_name: z.string(),
  credits: z.number().int(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

export const adminUserSearchResultSchema = z.object({
  data: z.array(adminUserSummarySchema),
});
export type AdminUserSearchResult = z.infer<typeof adminUserSearchResultSchema>;

/**
 * The age answer as an operator sees it: the guardian's address in full (to answer a parent
 * who writes in), and when the link went out and when the guardian chose.
 */
export const adminUserAgeSchema = z.object({
  birth_date: z.string().nullable(),
  /** Full years today; null when the account has not answered. */
  age: z.number().int().nullable(),
  age_group: z.enum(ageGroups),
  minor: z.boolean(),
  consent: z.enum(consentStates),
  guardian_email: z.string().nullable(),
  consent_sent_at: z.string().nullable(),
  consent_decided_at: z.string().nullable(),
});
export type AdminUserAge = z.infer<typeof adminUserAgeSchema>;

/** `GET /prod-api/admin/users/:id`: the summary plus roles, the plan's end, buckets and age. */
export const adminUserDetailSchema = adminUserSummarySchema.extend({
  roles: z.array(z.string()),
  plan_ends_at: z.string().nullable(),
  buckets: accountInfoSchema.shape.buckets,
  age: adminUserAgeSchema,
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/**
 * `POST /prod-api/admin/users/:id/roles`: the roles an operator grants by hand. `whitelist`
 * downloads without the watermark whatever the plan (spec §6); admin comes from the server's
 * ADMIN_EMAILS and is not set here.
 */
export const adminUserRolesBodySchema = z.object({ whitelist: z.boolean() });
export type AdminUserRolesBody = z.infer<typeof adminUserRolesBodySchema>;
