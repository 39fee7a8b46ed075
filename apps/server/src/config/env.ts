import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** The only reader of process.env. Every setting the server knows is listed in the README. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./var'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // Set by the process that runs the embedded PostgreSQL for the API it starts; not a setting.
  EMBEDDED_DATABASE: z.enum(['on', 'off']).default('off'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const entries = splitList(value);
      const bad = entries.filter((entry) => !isProxyAddress(entry));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `not an IP address, CIDR range, loopback, linklocal or uniquelocal: ${bad.join(', ')}`,
        });
      }
      return entries;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  APP_VERSION: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Lumen <no-reply@lumen.local>'),
  ADMIN_EMAILS: z.string().default(''),
  /**
   * Sign-in codes one IP address may ask for in an hour (30). Raise it where many people sign
   * in from one address: an office behind one NAT, a test suite on one machine.
   */
  CAPTCHA_HOURLY_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  ...oauthEnv('GOOGLE'),
  ...oauthEnv('DISCORD'),
  ...oauthEnv('APPLE'),
  ...oauthEnv('FACEBOOK'),
  /** WeChat's website application (网站应用): its AppID and AppSecret bind WeChat to accounts. */
  OAUTH_WECHAT_CLIENT_ID: z.string().min(1).optional(),
  OAUTH_WECHAT_CLIENT_SECRET: z.string().min(1).optional(),
  /** The QR-code page (open.weixin.qq.com/connect/qrconnect) and the API host, for stand-ins. */
  OAUTH_WECHAT_AUTHORIZE_URL: z.url().optional(),
  OAUTH_WECHAT_API_URL: z.url().optional(),
  PARTNER_VERIFY_URL: z.url().optional(),
  PARTNER_APP_IDS: z.string().default(''),
  PAYMENT_MODE: z.enum(['on', 'off']).default('on'),
  DAILY_LOGIN_CREDITS: z.coerce.number().int().min(0).max(100_000).default(30),
  BIRTHDAY_CREDITS: z.coerce.number().int().min(0).max(100_000).default(50),
  /** Unset: `sandbox` outside production; in production Stripe when configured, else none. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  PAYMENT_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.url().optional(),
  TRIAL_HOURS: z.coerce.number().int().min(1).max(744).default(72),
  TRIAL_CREDITS: z.coerce.number().int().min(0).max(1_000_000).default(400),
  OPERATION_PRICE_RATIO: z.coerce.number().min(0.1).max(1).default(1),
  EMBEDDED_WORKER: z.enum(['on', 'off']).default('on'),
  NSFW_CHECK: z.enum(['on', 'off']).default('on'),
  /** Score (0–1) at which an output is flagged as adult content; lower is stricter. */
  NSFW_THRESHOLD: z.coerce.number().gt(0).max(1).default(0.85),
  NSFW_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  WORKER_REMOTE_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(8),
  WORKER_TOKENS: z.string().default(''),
  COMFYUI_URL: z.url().optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_IMAGE_MODEL: z.string().min(1).default('gpt-image-1'),
  OPENAI_CHAT_MODEL: z.string().min(1).default('gpt-4o-mini'),
  REPLICATE_API_TOKEN: z.string().min(1).optional(),
  REPLICATE_API_URL: z.url().default('https://api.replicate.com'),
  FAL_KEY: z.string().min(1).optional(),
  FAL_QUEUE_URL: z.url().default('https://queue.fal.run'),
  /** Seals the engine connections saved on the admin Engines page; the same on every node. */
  ENGINE_SECRETS_KEY: z
    .string()
    .optional()
    .refine((value) => value === undefined || parseSecretsKey(value) !== undefined, {
      message: 'must be 32 bytes written as base64, base64url or 64 hex digits',
    }),
  MEDIA_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
});

/** Each sign-in provider is configured by URL and client id (architecture decision 7). */
function oauthEnv<P extends string>(provider: P) {
  const url = z.url().optional();
  return {
    [`OAUTH_${provider}_CLIENT_ID`]: z.string().min(1).optional(),
    [`OAUTH_${provider}_CLIENT_SECRET`]: z.string().min(1).optional(),
    [`OAUTH_${provider}_AUTHORIZE_URL`]: url,
    [`OAUTH_${provider}_TOKEN_URL`]: url,
    [`OAUTH_${provider}_USERINFO_URL`]: url,
    [`OAUTH_${provider}_JWKS_URL`]: url,
    [`OAUTH_${provider}_ISSUER`]: z.string().min(1).optional(),
    [`OAUTH_${provider}_SCOPE`]: z.string().min(1).optional(),
  } as Record<`OAUTH_${P}_${OAuthSetting}`, z.ZodOptional<z.ZodString> | z.ZodOptional<z.ZodURL>>;
}

type OAuthSetting =
  | 'CLIENT_ID'
  | 'CLIENT_SECRET'
  | 'AUTHORIZE_URL'
  | 'TOKEN_URL'
  | 'USERINFO_URL'
  | 'JWKS_URL'
  | 'ISSUER'
  | 'SCOPE';

export const oauthProviders = ['google', 'discord', 'apple', 'facebook'] as const;
export type OAuthProviderName = (typeof oauthProviders)[number];

export type OAuthProviderConfig = {
  clientId: string | undefined;
  clientSecret: string | undefined;
  authorizeUrl: string | undefined;
  tokenUrl: string | undefined;
  userinfoUrl: string | undefined;
  jwksUrl: string | undefined;
  issuer: string | undefined;
  /** Overrides the scope the pop-up asks for (a self-hosted OpenID provider wants `openid`). */
  scope: string | undefined;
};

export type WeChatConfig = {
  appId: string;
  appSecret: string;
  /** Where the browser is sent to scan the QR code. */
  authorizeUrl: string;
  /** The origin of the `/sns/...` endpoints that redeem a code and read the user. */
  apiUrl: string;
};

export type RawEnv = z.infer<typeof envSchema>;

export type Config = {
  nodeEnv: RawEnv['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The database is the embedded PostgreSQL that this API's parent process runs for it alone. */
  embeddedDatabase: boolean;
  /** PUBLIC_URL, or `http://localhost:PORT` when it is not set. */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was set. When it was not, the absolute URLs an answer carries are built
   * from the origin the request came in at, and `publicUrl` serves only where there is no
   * request (mails, background jobs).
   */
  publicUrlSet: boolean;
  /**
   * Proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (addresses, CIDR ranges or
   * proxy-addr's names); empty believes none, so a client cannot pick the address it is
   * counted under.
   */
  trustProxy: string[];
  logLevel: RawEnv['LOG_LEVEL'];
  webDistDir: string;
  appVersion: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  captchaHourlyPerIp: number;
  oauth: Record<OAuthProviderName, OAuthProviderConfig>;
  /** WeChat binding on the profile; undefined when its AppID or AppSecret is not set. */
  wechat: WeChatConfig | undefined;
  partner: { verifyUrl: string | undefined; appIds: string[] };
  credits: { paymentMode: boolean; dailyLogin: number; birthday: number };
  payments: {
    /**
     * The provider new orders use unless the buyer names another configured one; null when
     * this server takes no payments (production without payment settings).
     */
    provider: 'sandbox' | 'stripe' | null;
    /**
     * Whether the sandbox provider runs. It pays without money, so production runs it only
     * when PAYMENT_PROVIDER=sandbox says so (the web app then shows a test-payments ribbon).
     */
    sandbox: boolean;
    /** The sandbox runs on a production server: every page of the web app says so. */
    testPayments: boolean;
    /** Signs sandbox webhook events; derived from the data dir when unset (one node only). */
    webhookSecret: string | undefined;
    stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
    trialHours: number;
    trialCredits: number;
    /** Price ratio of the running promotion (spec §9: discount = 100 − 100 × ratio). */
    operationRatio: number;
  };
  worker: {
    embedded: boolean;
    concurrency: number;
    /** Tasks of hosted model APIs the embedded worker runs at once, beside `concurrency`. */
    remoteConcurrency: number;
    tokens: string[];
  };
  /** Score image outputs for adult content and flag them (moderation). */
  nsfwCheck: boolean;
  nsfwThreshold: number;
  /** Threads that score for adult content; unset, one per spare core. */
  nsfwThreads: number | undefined;
  engines: {
    comfyuiUrl: string | undefined;
    openai: { baseUrl: string; apiKey: string; imageModel: string; chatModel: string } | undefined;
    replicate: { baseUrl: string; token: string } | undefined;
    fal: { queueUrl: string; key: string } | undefined;
    /**
     * The AES-256 key that seals connections saved on the admin Engines page; undefined means
     * the one kept in `DATA_DIR/secrets` (a single node).
     */
    secretsKey: Buffer | undefined;
  };
  media: {
    /** Signs local-store URLs; derived from the data dir when unset (one node only). */
    signingSecret: string | undefined;
    s3:
      | {
          endpoint: string | undefined;
          region: string;
          bucket: string;
          accessKeyId: string;
          secretAccessKey: string;
          forcePathStyle: boolean;
        }
      | undefined;
  };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** Parses the environment once; throws a ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, the way shells and .env files usually mean them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  if (e.PAYMENT_PROVIDER === 'stripe' && !(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError([
      'PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    ]);
  }
  const stripe =
    e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiUrl: e.STRIPE_API_URL,
        }
      : undefined;
  const production = e.NODE_ENV === 'production';
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    embeddedDatabase: e.EMBEDDED_DATABASE === 'on' && e.DATABASE_URL !== undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    appVersion: e.APP_VERSION,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmails: splitList(e.ADMIN_EMAILS).map((m) => m.toLowerCase()),
    captchaHourlyPerIp: e.CAPTCHA_HOURLY_PER_IP,
    oauth: Object.fromEntries(
      oauthProviders.map((p) => [p, readOAuth(e, p.toUpperCase() as Uppercase<OAuthProviderName>)]),
    ) as Record<OAuthProviderName, OAuthProviderConfig>,
    wechat:
      e.OAUTH_WECHAT_CLIENT_ID && e.OAUTH_WECHAT_CLIENT_SECRET
        ? {
            appId: e.OAUTH_WECHAT_CLIENT_ID,
            appSecret: e.OAUTH_WECHAT_CLIENT_SECRET,
            authorizeUrl:
              e.OAUTH_WECHAT_AUTHORIZE_URL ?? 'https://open.weixin.qq.com/connect/qrconnect',
            apiUrl: (e.OAUTH_WECHAT_API_URL ?? 'https://api.weixin.qq.com').replace(/\/$/, ''),
          }
        : undefined,
    partner: { verifyUrl: e.PARTNER_VERIFY_URL, appIds: splitList(e.PARTNER_APP_IDS) },
    credits: {
      paymentMode: e.PAYMENT_MODE === 'on',
      dailyLogin: e.DAILY_LOGIN_CREDITS,
      birthday: e.BIRTHDAY_CREDITS,
    },
    payments: {
      provider: e.PAYMENT_PROVIDER ?? (production ? (stripe ? 'stripe' : null) : 'sandbox'),
      sandbox: !production || e.PAYMENT_PROVIDER === 'sandbox',
      testPayments: production && e.PAYMENT_PROVIDER === 'sandbox',
      webhookSecret: e.PAYMENT_WEBHOOK_SECRET,
      stripe,
      trialHours: e.TRIAL_HOURS,
      trialCredits: e.TRIAL_CREDITS,
      operationRatio: e.OPERATION_PRICE_RATIO,
    },
    worker: {
      embedded: e.EMBEDDED_WORKER === 'on',
      concurrency: e.WORKER_CONCURRENCY,
      remoteConcurrency: e.WORKER_REMOTE_CONCURRENCY,
      tokens: splitList(e.WORKER_TOKENS),
    },
    nsfwCheck: e.NSFW_CHECK === 'on',
    nsfwThreshold: e.NSFW_THRESHOLD,
    nsfwThreads: e.NSFW_THREADS,
    engines: {
      comfyuiUrl: e.COMFYUI_URL,
      openai:
        e.OPENAI_BASE_URL && e.OPENAI_API_KEY
          ? {
              baseUrl: e.OPENAI_BASE_URL,
              apiKey: e.OPENAI_API_KEY,
              imageModel: e.OPENAI_IMAGE_MODEL,
              chatModel: e.OPENAI_CHAT_MODEL,
            }
          : undefined,
      replicate: e.REPLICATE_API_TOKEN
        ? { baseUrl: e.REPLICATE_API_URL, token: e.REPLICATE_API_TOKEN }
        : undefined,
      fal: e.FAL_KEY ? { queueUrl: e.FAL_QUEUE_URL, key: e.FAL_KEY } : undefined,
      secretsKey: e.ENGINE_SECRETS_KEY ? parseSecretsKey(e.ENGINE_SECRETS_KEY) : undefined,
    },
    media: {
      signingSecret: e.MEDIA_SIGNING_SECRET,
      s3:
        e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? {
              endpoint: e.S3_ENDPOINT,
              region: e.S3_REGION,
              bucket: e.S3_BUCKET,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
            }
          : undefined,
    },
  };
}

/** A 32-byte key written as 64 hex digits, base64 or base64url; undefined when it is not one. */
export function parseSecretsKey(value: string): Buffer | undefined {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)) return undefined;
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

function readOAuth(e: RawEnv, p: Uppercase<OAuthProviderName>): OAuthProviderConfig {
  const get = (setting: OAuthSetting) =>
    (e as unknown as Record<string, string | undefined>)[`OAUTH_${p}_${setting}`];
  return {
    clientId: get('CLIENT_ID'),
    clientSecret: get('CLIENT_SECRET'),
    authorizeUrl: get('AUTHORIZE_URL'),
    tokenUrl: get('TOKEN_URL'),
    userinfoUrl: get('USERINFO_URL'),
    jwksUrl: get('JWKS_URL'),
    issuer: get('ISSUER'),
    scope: get('SCOPE'),
  };
}
