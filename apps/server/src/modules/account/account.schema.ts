import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const userRef = () =>
  bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' });

export type EmailNotices = Record<
  'comments' | 'likes' | 'follows' | 'official' | 'marketing',
  boolean
>;
export type SurveyAnswers = { occupation: string; purposes: string[]; interests: string[] };

/** The optional "about me" part of an account, plus its settings and onboarding survey. */
export const userProfiles = pgTable('user_profiles', {
  userId: userRef().primaryKey(),
  bio: text('bio').notNull().default(''),
  gender: text('gender'),
  birthday: date('birthday'),
  birthdayVisibility: text('birthday_visibility').notNull().default('private'),
  school: text('school').notNull().default(''),
  department: text('department').notNull().default(''),
  enrollmentTime: text('enrollment_time'),
  education: text('education'),
  emailNotices: jsonb('email_notices')
    .$type<Partial<EmailNotices>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  survey: jsonb('survey').$type<SurveyAnswers>(),
  surveyCompletedAt: ts('survey_completed_at'),
  updatedAt: ts('updated_at').notNull(),
});

export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef().notNull(),
    requestedAt: ts('requested_at').notNull(),
    purgeAfter: ts('purge_after').notNull(),
    purgedAt: ts('purged_at'),
  },
  (t) => [index('account_deletions_due_idx').on(t.purgeAfter)],
);

export const feedback = pgTable('feedback', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: userRef(),
  text: text('text').notNull(),
  imagePath: text('image_path'),
  status: text('status').notNull().default('open'),
  createdAt: ts('created_at').notNull(),
});

export const contactMessages = pgTable('contact_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: userRef(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  status: text('status').notNull().default('open'),
  createdAt: ts('created_at').notNull(),
});

export type UserProfileRow = typeof userProfiles.$inferSelect;
export type NewUserProfileRow = typeof userProfiles.$inferInsert;
