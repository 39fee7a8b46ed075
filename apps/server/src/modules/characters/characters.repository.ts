import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { characters, type CharacterRow, type NewCharacterRow } from './characters.schema';

export function createCharactersRepository(db: Database) {
  const own = (userId: number, id: number) =>
    and(eq(characters.userId, userId), eq(characters.id, id));

  return {
    async insert(row: NewCharacterRow): Promise<CharacterRow> {
      const [created] = await db.insert(characters).values(row).returning();
      if (!created) throw new Error('character insert returned nothing');
      return created;
    },
    async listByUser(userId: number): Promise<CharacterRow[]> {
      return db
        .select()
        .from(characters)
        .where(eq(characters.userId, userId))
        .orderBy(desc(characters.createdAt), desc(characters.id));
    },
    async findOwn(userId: number, id: number): Promise<CharacterRow | undefined> {
      const [row] = await db.select().from(characters).where(own(userId, id));
      return row;
    },
    /**
     * Moves a character on from `from`, only if it is still there (two requests that both saw
     * it generating, or two retries, change it once); undefined when it had moved already.
     */
    async transition(
      userId: number,
      id: number,
      from: CharacterRow['status'],
      set: Partial<Omit<CharacterRow, 'id' | 'userId'>>,
    ): Promise<CharacterRow | undefined> {
      const [row] = await db
        .update(characters)
        .set(set)
        .where(and(own(userId, id), eq(characters.status, from)))
        .returning();
      return row;
    },
    async update(
      userId: number,
      id: number,
      set: Partial<Omit<CharacterRow, 'id' | 'userId'>>,
    ): Promise<void> {
      await db.update(characters).set(set).where(own(userId, id));
    },
    async delete(userId: number, id: number): Promise<CharacterRow | undefined> {
      const [row] = await db.delete(characters).where(own(userId, id)).returning();
      return row;
    },
  };
}

export type CharactersRepository = ReturnType<typeof createCharactersRepository>;
