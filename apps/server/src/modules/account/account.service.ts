import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { ObjectStore } from '../../adapters/storage/object-store';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DELETE_ACCOUNT_PHRASE,
  type Profile,
  type PublicProfile,
  type Settings,
  type SurveyBody,
  type UpdateProfileBody,
  type UpdateSettingsBody,
} from '@lumen/contracts/account';
import { usernameSchema } from '@lumen/contracts/auth';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { languageSchema } from '@lumen/contracts/i18n';
import { IMAGE_MAX_PIXELS } from '@lumen/contracts/media';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuthService } from '../auth/auth.service';
import type { AccountRepository } from './account.repository';
import type { EmailNotices, UserProfileRow } from './account.schema';

/** Personal data of a deleted account is kept this long (for disputes and fraud), then purged. */
export const DELETION_RETENTION_DAYS = 30;
/** Spec §4: a deletion request is answered within 15 working days. */
export const DELETION_REPLY_WITHIN_DAYS = 15;

const defaultNotices: EmailNotices = {
  comments: true,
  likes: true,
  follows: true,
  official: true,
  marketing: false,
};

type ProfileFields = Omit<UpdateProfileBody, 'username' | 'nickname'>;

/** What the media module reads of a picture (see MediaService.readImage). */
type ReadImage = (
  bytes: Buffer,
  field: string,
) => Promise<{ format: string; width: number; height: number } | undefined>;

/** Avatars are decoded again to be cropped; that decode stops at the same pixel limit. */
const decodeOptions = { limitInputPixels: IMAGE_MAX_PIXELS } as const;

/** A feedback screenshot: trust the decoded bytes, not the label (png or jpg, up to 5 MB). */
async function imageFromDataUrl(
  dataUrl: string,
  readImage: ReadImage,
): Promise<{ bytes: Buffer; ext: 'png' | 'jpg' }> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const refuse = () =>
    new AppError(ErrorCode.invalidParams, 'errors.invalidField', {
      field: 'image',
      reason: 'png or jpg, up to 5 MB',
    });
  if (bytes.length > 5 * 1024 * 1024) throw refuse();
  const format = (await readImage(bytes, 'image'))?.format;
  if (format !== 'png' && format !== 'jpeg') throw refuse();
  return { bytes, ext: format === 'png' ? 'png' : 'jpg' };
}

export function createAccountService(deps: {
  repository: AccountRepository;
  auth: AuthService;
  clock: Clock;
  uploadsDir: string;
  store: ObjectStore;
  /** Decodes a picture for real (the media module's); refuses one over the pixel limit. */
  readImage: ReadImage;
  /** Whether a WeChat is bound to the account (the WeChat binding service's answer). */
  isWeChatBound?: (userId: number) => Promise<boolean>;
  /** Rewards a birthday given for the first time (the credits service grants it once). */
  onBirthdaySet?: (userId: number) => Promise<void>;
  /** The date of birth given to the age question, if any: the profile birthday must match it. */
  declaredBirthDate?: (userId: number) => Promise<string | null>;
  /** Ends what the account still runs elsewhere (its subscriptions, spec §4: no refund). */
  onAccountDeleted?: (userId: number) => Promise<void>;
  /** Removes what the account kept elsewhere (its library, its uploads) when it is purged. */
  onAccountPurged?: (userId: number) => Promise<void>;
}) {
  const { repository, auth, clock } = deps;

  /** The store key of an avatar this service stored for the user, from its address. */
  function storedAvatarKey(userId: number, avatar: string): string | null {
    const prefix = `/media/avatars/${userId}/`;
    return avatar.startsWith(prefix) ? avatar.slice('/media/'.length) : null;
  }

  async function profileOf(userId: number): Promise<Profile> {
    const [user, row, wechatBound] = await Promise.all([
      auth.getUser(userId),
      repository.findProfile(userId),
      deps.isWeChatBound?.(userId) ?? false,
    ]);
    return {
      userId: user.id,
      username: user.username,
      nickname: user.nickname,
      avatar: user.avatar,
      bio: row?.bio ?? '',
      gender: (row?.gender as Profile['gender']) ?? null,
      birthday: row?.birthday ?? null,
      birthday_visibility: (row?.birthdayVisibility as Profile['birthday_visibility']) ?? 'private',
      school: row?.school ?? '',
      department: row?.department ?? '',
      enrollment_time: row?.enrollmentTime ?? null,
      education: (row?.education as Profile['education']) ?? null,
      email: user.email,
      pending_email: user.pendingEmail,
      phone: user.phone,
      wechat_bound: wechatBound,
    };
  }

  async function settingsOf(userId: number, row: UserProfileRow | undefined): Promise<Settings> {
    const stored = languageSchema.safeParse((await auth.getUser(userId)).language);
    return {
      email_notices: { ...defaultNotices, ...row?.emailNotices },
      language: stored.success ? stored.data : null,
    };
  }

  return {
    getProfile: profileOf,

    async updateProfile(userId: number, body: UpdateProfileBody): Promise<Profile> {
      const { username, nickname, ...rest } = body;
      if (username !== undefined || nickname !== undefined) {
        await auth.rename(userId, {
          ...(username !== undefined ? { username } : {}),
          ...(nickname !== undefined ? { nickname } : {}),
        });
      }
      const fields: ProfileFields = rest;
      if (fields.birthday) {
        // The birthday may be hidden or removed, but not made to tell another age than the
        // one the age question was answered with: that answer decides what a minor may do.
        const declared = await deps.declaredBirthDate?.(userId);
        if (declared && declared !== fields.birthday) {
          throw new AppError(ErrorCode.invalidParams, 'errors.birthdayDeclared');
        }
      }
      if (Object.keys(fields).length > 0) {
        await repository.upsertProfile(
          userId,
          {
            ...(fields.bio !== undefined ? { bio: fields.bio } : {}),
            ...(fields.gender !== undefined ? { gender: fields.gender } : {}),
            ...(fields.birthday !== undefined ? { birthday: fields.birthday } : {}),
            ...(fields.birthday_visibility !== undefined
              ? { birthdayVisibility: fields.birthday_visibility }
              : {}),
            ...(fields.school !== undefined ? { school: fields.school } : {}),
            ...(fields.department !== undefined ? { department: fields.department } : {}),
            ...(fields.enrollment_time !== undefined
              ? { enrollmentTime: fields.enrollment_time }
              : {}),
            ...(fields.education !== undefined ? { education: fields.education } : {}),
          },
          clock.now(),
        );
        if (fields.birthday) await deps.onBirthdaySet?.(userId);
      }
      return profileOf(userId);
    },

    /** Decodes the picture for real (not by its label), crops it square and stores 256 px. */
    async setAvatar(userId: number, dataUrl: string): Promise<{ avatar: string }> {
      const input = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
      const refuse = () =>
        new AppError(ErrorCode.invalidParams, 'errors.invalidField', {
          field: 'image',
          reason: 'png, jpg or webp, up to 5 MB',
        });
      if (input.length > 5 * 1024 * 1024) throw refuse();
      const meta = await deps.readImage(input, 'image');
      if (!meta || !['png', 'jpeg', 'webp'].includes(meta.format)) throw refuse();
      let png: Buffer;
      try {
        png = await sharp(input, decodeOptions)
          .rotate()
          .resize(256, 256, { fit: 'cover' })
          .png()
          .toBuffer();
      } catch {
        throw refuse();
      }
      const digest = createHash('sha256').update(png).digest('hex').slice(0, 16);
      const key = `avatars/${userId}/${digest}.png`;
      const previous = storedAvatarKey(userId, (await auth.getUser(userId)).avatar);
      await deps.store.put(key, png, 'image/png');
      const avatar = `/media/${key}`;
      await auth.setAvatar(userId, avatar);
      // The picture it replaces goes once nothing points at it (the same picture keeps its key).
      if (previous && previous !== key) await deps.store.delete(previous);
      return { avatar };
    },

    /** Goes back to no picture (the initial of the name shows); the stored one is deleted. */
    async removeAvatar(userId: number): Promise<{ avatar: string }> {
      const previous = storedAvatarKey(userId, (await auth.getUser(userId)).avatar);
      await auth.setAvatar(userId, '');
      if (previous) await deps.store.delete(previous);
      return { avatar: '' };
    },

    async bindPhone(userId: number, phone: string, code: string): Promise<Profile> {
      await auth.bindPhone(userId, phone, code);
      return profileOf(userId);
    },

    async bindEmail(userId: number, email: string, code: string): Promise<Profile> {
      await auth.bindEmail(userId, email, code);
      return profileOf(userId);
    },

    async getSettings(userId: number): Promise<Settings> {
      return settingsOf(userId, await repository.findProfile(userId));
    },

    /** E-mail notices change only those sent; the language is the one mail is written in. */
    async updateSettings(userId: number, body: UpdateSettingsBody): Promise<Settings> {
      if (body.language) await auth.setLanguage(userId, body.language);
      let row = await repository.findProfile(userId);
      if (body.email_notices) {
        const current: EmailNotices = { ...defaultNotices, ...row?.emailNotices };
        row = await repository.upsertProfile(
          userId,
          { emailNotices: { ...current, ...body.email_notices } },
          clock.now(),
        );
      }
      return settingsOf(userId, row);
    },

    /**
     * Anyone's public profile by username: the fields a person page shows, never the e-mail
     * or the phone, and the birthday only where its owner made it public. A malformed,
     * unknown, banned or closed name is "not found" alike, so the answer tells nothing more.
     */
    async getPublicProfile(username: string): Promise<PublicProfile> {
      const user = usernameSchema.safeParse(username).success
        ? await auth.findActiveByUsername(username)
        : undefined;
      if (!user) throw new AppError(ErrorCode.notFound, 'errors.notFound');
      const row = await repository.findProfile(user.id);
      return {
        userId: user.id,
        username: user.username,
        nickname: user.nickname,
        avatar: user.avatar,
        bio: row?.bio ?? '',
        gender: (row?.gender as PublicProfile['gender']) ?? null,
        birthday: row?.birthdayVisibility === 'public' ? (row.birthday ?? null) : null,
      };
    },

    async profileCheck(userId: number) {
      const row = await repository.findProfile(userId);
      return {
        need_collect: !row?.surveyCompletedAt,
        completed_at: row?.surveyCompletedAt?.toISOString() ?? null,
      };
    },

    async submitSurvey(userId: number, body: SurveyBody) {
      const now = clock.now();
      await repository.upsertProfile(userId, { survey: body, surveyCompletedAt: now }, now);
      return { need_collect: false, completed_at: now.toISOString() };
    },

    /** Irreversible (spec §4): blocks sign-in, ends sessions, purges data after retention. */
    async deleteAccount(userId: number, phrase: string) {
      if (phrase !== DELETE_ACCOUNT_PHRASE) {
        throw new AppError(ErrorCode.invalidParams, 'errors.deletePhrase', {}, [
          { field: 'phrase', message: DELETE_ACCOUNT_PHRASE },
        ]);
      }
      const now = clock.now();
      const purgeAfter = new Date(now.getTime() + DELETION_RETENTION_DAYS * 24 * 3600_000);
      await auth.closeAccount(userId);
      await repository.insertDeletion(userId, now, purgeAfter);
      await deps.onAccountDeleted?.(userId);
      return {
        purge_after: purgeAfter.toISOString(),
        reply_within_days: DELETION_REPLY_WITHIN_DAYS,
      };
    },

    /** Purges accounts whose retention ended; safe to run again and from several nodes. */
    async purgeDueAccounts(limit = 100): Promise<number> {
      const now = clock.now();
      const due = await repository.listDueDeletions(now, limit);
      for (const deletion of due) {
        const avatar = storedAvatarKey(
          deletion.userId,
          (await auth.getUser(deletion.userId)).avatar,
        );
        await auth.purgeAccount(deletion.userId);
        if (avatar) await deps.store.delete(avatar);
        await repository.deleteProfile(deletion.userId);
        // Before it is marked purged, so a crash here runs the whole purge again next time.
        await deps.onAccountPurged?.(deletion.userId);
        await repository.markPurged(deletion.id, now);
      }
      return due.length;
    },

    async submitFeedback(
      userId: number | null,
      body: { text: string; image?: string | undefined },
    ) {
      let imagePath: string | null = null;
      if (body.image) {
        const { bytes, ext } = await imageFromDataUrl(body.image, deps.readImage);
        const dir = path.join(deps.uploadsDir, 'feedback');
        await fs.mkdir(dir, { recursive: true });
        imagePath = path.join('feedback', `${randomUUID()}.${ext}`);
        await fs.writeFile(path.join(deps.uploadsDir, imagePath), bytes);
      }
      const id = await repository.insertFeedback({
        userId,
        text: body.text,
        imagePath,
        createdAt: clock.now(),
      });
      return { id };
    },

    async submitContact(
      userId: number | null,
      body: { full_name: string; email: string; message: string },
    ) {
      const id = await repository.insertContact({
        userId,
        fullName: body.full_name,
        email: body.email,
        message: body.message,
        createdAt: clock.now(),
      });
      return { id };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
