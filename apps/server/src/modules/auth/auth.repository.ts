import type { Db } from '../shared/db';
import type { AdminSessionsTable, AdminsTable } from '../shared/db.schema';
import { preparedQuery } from '../shared/prepared-query';

export type AdminRow = AdminsTable;

export function createAuthRepository({ db }: { db: Db }) {
  // Runs on every admin request: the query is built and compiled once.
  const sessionByTokenHash = preparedQuery(db, (args: { tokenHash: string }) =>
    db
      .selectFrom('admin_sessions')
      .innerJoin('admins', 'admins.id', 'admin_sessions.admin_id')
      .select([
        'admin_sessions.token_hash',
        'admin_sessions.expires_at',
        'admins.id as admin_id',
        'admins.username',
      ])
      .where('admin_sessions.token_hash', '=', args.tokenHash),
  );

  return {
    countAdmins: async () =>
      Number(
        (
          await db
            .selectFrom('admins')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),

    findAdminByUsername: (username: string) =>
      db.selectFrom('admins').selectAll().where('username', '=', username).executeTakeFirst(),

    /** The first admin created: the one a command-line reset without a username is for. */
    findFirstAdmin: () =>
      db.selectFrom('admins').selectAll().orderBy('created_at').limit(1).executeTakeFirst(),

    findAdminById: (id: string) =>
      db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst(),

    insertAdmin: async (admin: AdminRow) => {
      await db.insertInto('admins').values(admin).execute();
    },

    updateAdmin: async (
      id: string,
      changes: Partial<Pick<AdminRow, 'username' | 'password_hash'>> & { updated_at: number },
    ) => {
      await db.updateTable('admins').set(changes).where('id', '=', id).execute();
    },

    insertSession: async (session: AdminSessionsTable) => {
      await db.insertInto('admin_sessions').values(session).execute();
    },

    findSessionByTokenHash: async (tokenHash: string) =>
      (await sessionByTokenHash({ tokenHash }))[0],

    deleteSessionByTokenHash: async (tokenHash: string) => {
      await db.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).execute();
    },

    deleteSessionsOfAdmin: async (adminId: string) => {
      await db.deleteFrom('admin_sessions').where('admin_id', '=', adminId).execute();
    },

    deleteExpiredSessions: async (now: number) =>
      Number(
        (await db.deleteFrom('admin_sessions').where('expires_at', '<=', now).executeTakeFirst())
          .numDeletedRows,
      ),
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
