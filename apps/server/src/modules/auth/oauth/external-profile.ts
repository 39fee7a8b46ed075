import type { ExternalIdentity, ExternalProvider } from './external-identity';

/**
 * Reads a verified ID token's claims or a userinfo answer. One reader serves every provider
 * because their answers overlap: OpenID Connect (`sub`, `email_verified`, `picture`), Discord
 * (`id`, `global_name`/`username`, `verified`, avatar hash) and Facebook (`id`,
 * `picture.data.url`). Unknown or oddly typed fields are ignored rather than failing a login.
 */
export function identityFromProfile(
  provider: ExternalProvider,
  profile: Record<string, unknown>,
): ExternalIdentity {
  const subject = readId(profile.sub) ?? readId(profile.id);
  if (!subject) throw new Error('the answer names no user id');
  const email = readString(profile.email)?.toLowerCase();
  return {
    provider,
    subject,
    email,
    emailVerified: email !== undefined && isEmailVerified(provider, profile),
    name:
      readString(profile.name) ?? readString(profile.global_name) ?? readString(profile.username),
    avatar: readAvatar(provider, subject, profile),
  };
}

function isEmailVerified(provider: ExternalProvider, profile: Record<string, unknown>): boolean {
  // Apple has sent `email_verified` as the string "true" as well as a boolean.
  if (profile.email_verified === true || profile.email_verified === 'true') return true;
  if (provider === 'discord') return profile.verified === true;
  // Facebook gives no verification flag, so its address is not trusted to match an account.
  return false;
}

function readAvatar(
  provider: ExternalProvider,
  subject: string,
  profile: Record<string, unknown>,
): string | undefined {
  const picture = profile.picture;
  if (typeof picture === 'string') return readUrl(picture);
  if (isRecord(picture) && isRecord(picture.data)) return readUrl(picture.data.url);
  const avatar = readString(profile.avatar);
  if (!avatar) return undefined;
  // Discord sends a hash that only its CDN turns into an image.
  if (provider === 'discord' && !avatar.includes('/')) {
    return `https://cdn.discordapp.com/avatars/${encodeURIComponent(subject)}/${encodeURIComponent(avatar)}.png`;
  }
  return readUrl(avatar);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function readId(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return readString(value);
}

/** Only web addresses: an avatar is later shown in pages, so no `javascript:` or `data:`. */
function readUrl(value: unknown): string | undefined {
  const text = readString(value);
  return text && /^https?:\/\//i.test(text) ? text : undefined;
}
