import { addWorkingDays, todayIso } from "@ems/contracts/reference";
import type { Database } from "@ems/db/client";
import type { Executor } from "@ems/db/factories";
import type { Mailer } from "../mail/mail-service.ts";
import { holidaysAhead } from "../reference/reference-service.ts";
import { queueQueryReminder } from "./query-mail.ts";
import { listReminderCandidates, lockOpenQuery, markReminded } from "./query-mail-repository.ts";

/**
 * Reminders of unanswered engineering queries (docs/behaviour/engineering.md#engineering-query-e-mails):
 * an open query whose last mail to the customer (its raising or the previous reminder) is
 * QUERY_REMINDER_WORKING_DAYS working days old is mailed again, at about the time of day of that
 * mail. Weekends and the operator's holidays do not count.
 */

export interface ReminderRun {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  /** Working days between the last mail and a reminder (QUERY_REMINDER_WORKING_DAYS). */
  workingDays: number;
  /** The clock (tests pass another day). */
  now?: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Queries looked at per run; more wait for the next run. */
const REMINDER_BATCH = 100;

/**
 * When a reminder is due for a query last mailed at `last`: `workingDays` working days later, at
 * the same time of day. Holidays are read once per day of last mail and run.
 */
function reminderClock(workingDays: number) {
  const dueDays = new Map<string, string>();
  return async (db: Executor, last: Date): Promise<number> => {
    const day = todayIso(last);
    let due = dueDays.get(day);
    if (due === undefined) {
      const holidays = await holidaysAhead(db, day, workingDays);
      due = addWorkingDays(day, workingDays, new Set(holidays.map((holiday) => holiday.date)));
      dueDays.set(day, due);
    }
    return Date.parse(`${due}T00:00:00Z`) + (last.getTime() - Date.parse(`${day}T00:00:00Z`));
  };
}

/**
 * Sends every reminder that is due. Each query is locked (`for update skip locked`) while its
 * reminder is written and `reminded_at` set in the same transaction, and its due time is checked
 * again on the locked row, so several instances running this remind the customer once. A query
 * answered, closed or withdrawn meanwhile is left alone; one whose company has nobody to mail
 * waits another interval. Answers how many queries were reminded.
 */
export async function sendDueQueryReminders(run: ReminderRun): Promise<number> {
  const now = run.now ?? new Date();
  const dueAt = reminderClock(run.workingDays);
  // N working days are at least N calendar days: nothing mailed later than that can be due.
  const mailedBefore = new Date(now.getTime() - run.workingDays * DAY_MS);
  let sent = 0;
  for (const id of await listReminderCandidates(run.db, mailedBefore, REMINDER_BATCH)) {
    const wrote = await run.db.transaction(async (tx) => {
      const query = await lockOpenQuery(tx, id);
      if (!query) return false;
      if ((await dueAt(tx, query.remindedAt ?? query.createdAt)) > now.getTime()) return false;
      const mailed = await queueQueryReminder(run, tx, query.id, run.workingDays);
      await markReminded(tx, query.id, now, mailed);
      return mailed;
    });
    if (wrote) sent += 1;
  }
  if (sent > 0) run.mailer.deliverSoon();
  return sent;
}
