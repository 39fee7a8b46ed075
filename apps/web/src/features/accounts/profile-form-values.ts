import {
  updateProfileBodySchema,
  type Profile,
  type UpdateProfileBody,
} from '@lumen/contracts/account';

/** The editable profile fields as the form holds them: empty strings where the API has null. */
export interface ProfileFormValues {
  username: string;
  nickname: string;
  bio: string;
  gender: Profile['gender'];
  birthday: string;
  birthday_visibility: Profile['birthday_visibility'];
  school: string;
  department: string;
  enrollment_time: string;
  education: Profile['education'];
}

export type ProfileField = keyof ProfileFormValues;

export function toFormValues(profile: Profile): ProfileFormValues {
  return {
    username: profile.username,
    nickname: profile.nickname,
    bio: profile.bio,
    gender: profile.gender,
    birthday: profile.birthday ?? '',
    birthday_visibility: profile.birthday_visibility,
    school: profile.school,
    department: profile.department,
    enrollment_time: profile.enrollment_time ?? '',
    education: profile.education,
  };
}

const nullWhenEmpty = new Set<ProfileField>(['birthday', 'enrollment_time']);

/** Only what changed goes to `PUT /prod-api/user/profile`. */
export function changedFields(
  initial: ProfileFormValues,
  values: ProfileFormValues,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(values) as ProfileField[]) {
    if (values[key] === initial[key]) continue;
    const value = values[key];
    changes[key] = nullWhenEmpty.has(key) && value === '' ? null : value;
  }
  return changes;
}

/**
 * Checks the changes with the server's own schema; answers the body to send, or the fields at
 * fault (each shown with its own translated rule).
 */
export function validateChanges(
  changes: Record<string, unknown>,
): { ok: true; body: UpdateProfileBody } | { ok: false; fields: ProfileField[] } {
  const parsed = updateProfileBodySchema.safeParse(changes);
  if (parsed.success) return { ok: true, body: parsed.data };
  const fields = parsed.error.issues
    .map((issue) => issue.path[0])
    .filter((field): field is ProfileField => typeof field === 'string');
  return { ok: false, fields: [...new Set(fields)] };
}
