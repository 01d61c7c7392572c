import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { lockedIfPostgres } from '../../db/locks.ts';
import { isPostgres } from '../../db/migrations/dialect-features.ts';
import { personWords } from '../../values/words.ts';
import type { UserWordsTable } from './users.table.ts';

interface Indexed {
  id: string;
  organizationId: string | null;
  displayName: string | null;
  email: string;
  createdAt: number;
}

/** The userWords rows of a user (none for a platform-level record). */
export function wordRowsOf(user: Indexed): Insertable<UserWordsTable>[] {
  if (user.organizationId === null) return [];
  const { id: userId, organizationId, createdAt } = user;
  return personWords(user.displayName, user.email).map(([word, position]) => ({ organizationId, word, userId, position, createdAt }));
}

/**
 * Rewrites the words of a user just written (every write of a user's record calls this; deletes
 * cascade). In one transaction with the user's row locked (PostgreSQL) and read anew, so two
 * writes of the same user racing leave the words of the row as it ends, never a mix or a
 * duplicate key.
 */
export async function indexUserWords(db: Db, user: Indexed): Promise<void> {
  const write = async (trx: Db) => {
    const current = await lockedIfPostgres(
      trx.selectFrom('users').select(['id', 'organizationId', 'displayName', 'email', 'createdAt']).where('id', '=', user.id),
      isPostgres(trx) ? 'postgres' : 'sqlite',
    ).executeTakeFirst();
    await trx.deleteFrom('userWords').where('userId', '=', user.id).execute();
    const rows = current ? wordRowsOf({ ...current, createdAt: Number(current.createdAt) }) : [];
    if (rows.length) await trx.insertInto('userWords').values(rows).execute();
  };
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
}
