import { z } from 'zod';
import { isCalendarDate } from './time';
import {
  DELETE_ACCOUNT_PHRASE,
  captchaCodeSchema,
  emailSchema,
  phoneSchema,
  usernameSchema,
} from './auth';
import { languageSchema } from './i18n';

export const genders = ['male', 'female', 'other', 'undisclosed'] as const;
export const educations = ['associate', 'bachelor', 'master', 'doctor'] as const;
export const visibilities = ['public', 'private'] as const;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date like 2001-09-30', abort: true })
  .refine(isCalendarDate, { message: 'must be a date like 2001-09-30', abort: true });
const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month like 2019-09');

export const profileSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  bio: z.string(),
  gender: z.enum(genders).nullable(),
  birthday: z.string().nullable(),
  birthday_visibility: z.enum(visibilities),
  school: z.string(),
  department: z.string(),
  enrollment_time: z.string().nullable(),
  education: z.enum(educations).nullable(),
  email: z.string().nullable(),
  /** An address named at registration, waiting for its owner to enter a code sent there. */
  pending_email: z.string().nullable(),
  phone: z.string().nullable(),
  wechat_bound: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * Anyone's public profile, found by username (spec §7 "user info by username"): what a
 * person page shows. No e-mail, no phone, and the birthday only when its owner made it public.
 */
export const publicProfileSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  bio: z.string(),
  gender: z.enum(genders).nullable(),
  birthday: z.string().nullable(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** The path segment of `GET /prod-api/user/{segment}`: a username as spec §5 allows it. */
export const publicProfileParamsSchema = z.object({ segment: z.string().max(64) });

export const updateProfileBodySchema = z
  .object({
    username: usernameSchema,
    nickname: z.string().trim().min(1).max(40),
    bio: z.string().trim().max(300),
    gender: z.enum(genders).nullable(),
    birthday: isoDate.refine((d) => new Date(d) <= new Date(), 'must be a past date').nullable(),
    birthday_visibility: z.enum(visibilities),
    school: z.string().trim().max(100),
    department: z.string().trim().max(100),
    enrollment_time: yearMonth.nullable(),
    education: z.enum(educations).nullable(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change');
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const bindPhoneBodySchema = z.object({ phone: phoneSchema, captcha: captchaCodeSchema });
export const bindEmailBodySchema = z.object({ email: emailSchema, captcha: captchaCodeSchema });

export const emailNoticeKinds = ['comments', 'likes', 'follows', 'official', 'marketing'] as const;
export const settingsSchema = z.object({
  email_notices: z.object(
    Object.fromEntries(emailNoticeKinds.map((k) => [k, z.boolean()])) as Record<
      (typeof emailNoticeKinds)[number],
      z.ZodBoolean
    >,
  ),
  /** The interface language e-mails are written in; null until one is chosen (then English). */
  language: languageSchema.nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;
export const updateSettingsBodySchema = z
  .object({
    email_notices: settingsSchema.shape.email_notices.partial(),
    language: languageSchema,
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change');
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;

export const occupations = [
  'student',
  'designer',
  'marketer',
  'developer',
  'creator',
  'educator',
  'other',
] as const;
export const purposes = [
  'personal',
  'work',
  'social_media',
  'ecommerce',
  'study',
  'other',
] as const;
export const interests = [
  'anime',
  'realistic',
  'art',
  'video',
  '3d',
  'design',
  'photography',
  'games',
] as const;

export const surveyBodySchema = z.object({
  occupation: z.enum(occupations),
  purposes: z.array(z.enum(purposes)).min(1).max(purposes.length),
  interests: z.array(z.enum(interests)).min(1).max(interests.length),
});
export type SurveyBody = z.infer<typeof surveyBodySchema>;

/** `GET /prod-api/content/user/profile/check`: whether to show the collect-account wizard. */
export const profileCheckSchema = z.object({
  need_collect: z.boolean(),
  completed_at: z.string().nullable(),
});

export const deleteAccountBodySchema = z.object({ phrase: z.string().max(64) });
export const deleteAccountResultSchema = z.object({
  purge_after: z.string(),
  reply_within_days: z.number().int(),
});
export { DELETE_ACCOUNT_PHRASE };

export const feedbackBodySchema = z.object({
  text: z.string().trim().min(1).max(2000),
  /** An optional screenshot as a data URL (png or jpeg, up to 5 MB). */
  image: z
    .string()
    .max(7_000_000)
    .regex(/^data:image\/(png|jpeg|jpg);base64,[A-Za-z0-9+/=]+$/, 'must be a png or jpg image')
    .optional(),
});

export const contactBodySchema = z.object({
  full_name: z.string().trim().min(1).max(100),
  email: emailSchema,
  message: z.string().trim().min(1).max(5000),
});

export const createdSchema = z.object({ id: z.number().int() });

/** An avatar as a data URL (png, jpeg or webp, up to 5 MB); stored as a 256 × 256 PNG. */
export const avatarBodySchema = z.object({
  image: z
    .string()
    .max(7_000_000)
    .regex(
      /^data:image\/(png|jpeg|jpg|webp);base64,[A-Za-z0-9+/=]+$/,
      'must be a png, jpg or webp image',
    ),
});
/** `GET /prod-api/user/wechat`: whether WeChat binding is offered, and the bound WeChat. */
export const wechatBindingSchema = z.object({
  /** False when this server has no WeChat app configured: the profile hides the card. */
  available: z.boolean(),
  bound: z.boolean(),
  /** The WeChat nickname when it was bound, for the profile to show. */
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  bound_at: z.string().nullable(),
});
export type WeChatBinding = z.infer<typeof wechatBindingSchema>;

/** `POST /prod-api/user/wechat/authorize`: WeChat's QR-code page for this session. */
export const wechatAuthorizeResultSchema = z.object({ url: z.string() });

/** What WeChat hands back on the profile address after the scan. */
export const wechatBindBodySchema = z.object({
  code: z.string().trim().min(1).max(512),
  state: z.string().trim().min(1).max(256),
});
export type WeChatBindBody = z.infer<typeof wechatBindBodySchema>;

export const avatarResultSchema = z.object({ avatar: z.string() });
