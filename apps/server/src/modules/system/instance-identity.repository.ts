import type { Db } from '../shared/db';

const ROW_ID = 'this';

export function createInstanceIdentityRepository({ db }: { db: Db }) {
  return {
    /** Stores the check value unless one is there already; answers the one that is kept. */
    async keepSecretKeyCheck(check: string, now: number): Promise<string> {
      await db
        .insertInto('instance_identity')
        .values({ id: ROW_ID, secret_key_check: check, created_at: now })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      const row = await db
        .selectFrom('instance_identity')
        .select('secret_key_check')
        .where('id', '=', ROW_ID)
        .executeTakeFirstOrThrow();
      return row.secret_key_check;
    },
  };
}

export type InstanceIdentityRepository = ReturnType<typeof createInstanceIdentityRepository>;
