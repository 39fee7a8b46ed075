import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/database';
import { users, type NewUserRow, type UserRow } from '../../src/modules/auth/auth.schema';

/** A user row with unique defaults; override what the test cares about. */
export async function createUser(
  db: Database,
  overrides: Partial<NewUserRow> = {},
): Promise<UserRow> {
  const tag = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(users)
    .values({
      username: `user_${tag}`,
      nickname: `User ${tag}`,
      email: `${tag}@example.com`,
      createdAt: new Date(),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}
