import { z } from 'zod';
import { CAPTCHA_LENGTH, SESSION_MAX_AGE_S } from './constants';

/** Spec §5: a basic address pattern; the server lower-cases it. */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an e-mail address')
  .transform((s) => s.toLowerCase());

/** Phone numbers in international form: `+`, country code and number, 8–15 digits. */
export const phoneSchema = z
  .string()
  .trim()
  .transform((s) => s.replace(/[\s()-]/g, ''))
  .pipe(
    z.string().regex(/^\+[1-9]\d{7,14}$/, 'must be an international number such as +8613800000000'),
  );

export const captchaCodeSchema = z
  .string()
  .trim()
  .length(CAPTCHA_LENGTH)
  .regex(/^[0-9A-Za-z]+$/);

/** Spec §5: starts with a letter, 3–18 characters of letters, digits or underscore. */
export const usernameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]/, 'must start with a letter')
  .min(3)
  .max(18)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'may contain only letters, digits and underscores');

/** Spec §5: 6–18 characters with upper case, lower case and digits. */
export const passwordSchema = z
  .string()
  .min(6)
  .max(18)
  .regex(/[a-z]/, 'must contain a lower-case letter')
  .regex(/[A-Z]/, 'must contain an upper-case letter')
  .regex(/[0-9]/, 'must contain a digit');

const maxAge = z.coerce.number().int().min(60).max(SESSION_MAX_AGE_S).optional();
const requestId = z.string().max(128).optional();

export const captchaPurposes = ['login', 'bind'] as const;

export const sendCaptchaBodySchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('email'),
    email: emailSchema,
    purpose: z.enum(captchaPurposes).default('login'),
    request_id: requestId,
  }),
  z.object({
    method: z.literal('phone'),
    phone: phoneSchema,
    purpose: z.enum(captchaPurposes).default('login'),
    request_id: requestId,
  }),
]);
export type SendCaptchaBody = z.infer<typeof sendCaptchaBodySchema>;

export const sendCaptchaResultSchema = z.object({
  resend_after_s: z.number().int(),
  expires_in_s: z.number().int(),
});

const common = {
  max_age: maxAge,
  request_id: requestId,
  invitationcode: z.string().max(64).optional(),
  channel_id: z.string().max(64).optional(),
};

export const emailLoginSchema = z.object({
  loginType: z.literal('email'),
  email: emailSchema,
  captcha: captchaCodeSchema,
  ...common,
});
export const phoneLoginSchema = z.object({
  loginType: z.literal('phone'),
  phone: phoneSchema,
  captcha: captchaCodeSchema,
  ...common,
});
export const passwordLoginSchema = z.object({
  loginType: z.literal('password').optional(),
  /** A username or the e-mail address of the account. */
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
  ...common,
});
export const ticketLoginSchema = z.object({
  loginType: z.literal('ticket'),
  ticket: z.string().min(16).max(256),
  ...common,
});
export const googleLoginSchema = z.object({
  loginType: z.literal('google'),
  credential: z.string().min(20).max(8192),
  nonce: z.string().max(256).optional(),
  ...common,
});
export const discordLoginSchema = z.object({
  loginType: z.literal('discord'),
  code: z.string().min(1).max(2048),
  redirect_uri: z.url(),
  ...common,
});
export const facebookLoginSchema = z.object({
  loginType: z.literal('facebook'),
  code: z.string().min(1).max(2048),
  redirect_uri: z.url(),
  ...common,
});
export const appleLoginSchema = z.object({
  loginType: z.literal('apple'),
  code: z.string().min(1).max(2048),
  client_id: z.string().min(1).max(256),
  redirect_uri: z.url().optional(),
  ...common,
});
export const lenovoLoginSchema = z.object({
  loginType: z.literal('lenovo'),
  token: z.string().min(1).max(4096),
  app_id: z.string().min(1).max(128),
  ...common,
});

/** `POST /prod-api/user/login`: one body per `loginType`; omitted means username + password. */
export const loginBodySchema = z.union([
  emailLoginSchema,
  phoneLoginSchema,
  ticketLoginSchema,
  googleLoginSchema,
  discordLoginSchema,
  facebookLoginSchema,
  appleLoginSchema,
  lenovoLoginSchema,
  passwordLoginSchema,
]);
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z
  .object({
    username: usernameSchema,
    password: passwordSchema,
    confirm_password: z.string(),
    agree_terms: z.literal(true, { error: 'the terms must be agreed to' }),
    email: emailSchema.optional(),
    ...common,
  })
  .refine((b) => b.password === b.confirm_password, {
    path: ['confirm_password'],
    message: 'does not match the password',
  });
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const menuSchema = z.object({ menu_name: z.string() });
export const roleMenusSchema = z.object({ role_name: z.string(), menu_list: z.array(menuSchema) });

/** The login answer of spec §3, plus the credentials the client stores. */
export const loginResultSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  role_menu_list: z.array(roleMenusSchema),
  ticket: z.string(),
  refresh_token: z.string(),
  max_age: z.number().int(),
  is_new_user: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const refreshResultSchema = z.object({
  ticket: z.string(),
  refresh_token: z.string(),
  max_age: z.number().int(),
});

export const userInfoSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  /** A proved address: the only one that signs in by code or carries a role. */
  email: z.string().nullable(),
  /** An address named at registration and not proved yet. */
  pendingEmail: z.string().nullable(),
  phone: z.string().nullable(),
  hasPassword: z.boolean(),
  isAdmin: z.boolean(),
  roleList: z.array(z.string()),
  menuList: z.array(z.string()),
  role_menu_list: z.array(roleMenusSchema),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const DELETE_ACCOUNT_PHRASE = 'Delete My Account';
