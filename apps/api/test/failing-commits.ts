import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

/**
 * Makes the commit of any transaction that queued a mail whose subject starts with `subject` fail (a deferred
 * constraint trigger: it fires at commit, after everything else of the transaction ran), until the returned function
 * removes it. What a crash or a lost database leaves: the work before the mail done, the transaction's own undone.
 */
export async function failCommitsMailing(db: Db, subject: string): Promise<() => Promise<void>> {
  await db.execute(sql.raw(`create or replace function test_fail_mail() returns trigger language plpgsql as $$
    begin
      if new.subject like '${subject}%' then raise exception 'commit refused on purpose'; end if;
      return new;
    end $$`));
  await db.execute(sql.raw(`create constraint trigger test_fail_mail after insert on mail_outbox
    deferrable initially deferred for each row execute function test_fail_mail()`));
  return async () => {
    await db.execute(sql.raw('drop trigger test_fail_mail on mail_outbox'));
  };
}
