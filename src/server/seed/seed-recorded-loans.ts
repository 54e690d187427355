import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { recordLoanSchema, type LoanBorrower } from '../../contract/schemas/loan-history';
import { contacts, lendingRequests } from '../db/schema';
import { disputeLoan } from '../lending/loans/dispute-loan';
import { recordLoan } from '../lending/loans/record-loan';
import { DEMO_RECORDED_LOANS, type DemoRecordedLoan } from './demo-activity';
import { dateInDays, datePostedMessages, daysAgo, personOf, type SeedContext } from './seed-context';

/**
 * Loans written down after the fact (issue 19, docs/decisions/0028), through
 * recordLoan and disputeLoan, so the statuses, item statuses, reminders and
 * system messages are what the app writes; then dated back like the lending
 * requests' steps. The natural key is (item, origin 'recorded', borrower)
 * and the owner's note, as a request's is its message: a loan the owner
 * records again in the app is theirs, never disputed by the seed. A loan
 * found is only moved on (a dispute still missing), so a run that stopped
 * half-way is completed and a finished one is left alone.
 *
 * recordLoan spends one unit of the owner's message-send budget
 * (LIMITS.messagesPerMinute) for each registered borrower it tells. The other
 * seed steps call use cases whose limits sit in the routes; this one's sits in
 * the use case, so the seed spends it too. Each demo owner records at most one
 * loan per run, far below the budget, so the counter is left as it is (a
 * reset would also hand back what a real session of that person spent).
 */
export async function seedRecordedLoans(context: SeedContext): Promise<void> {
  for (const scenario of DEMO_RECORDED_LOANS) await seedRecordedLoan(context, scenario);
}

/** Who the demo says has the item: a registered person (their account) or a name typed for someone without one. */
type SeedBorrower = { userId: string } | { userId: null; name: string };

async function seedRecordedLoan(context: SeedContext, scenario: DemoRecordedLoan): Promise<void> {
  const item = context.items.get(scenario.item);
  if (!item) throw new Error(`Demo item ${scenario.item} was not seeded`);
  const borrower: SeedBorrower =
    'username' in scenario.borrower
      ? { userId: personOf(context, scenario.borrower.username).id }
      : { userId: null, name: scenario.borrower.name };

  const byBorrower: SQL | undefined =
    borrower.userId === null
      ? and(isNull(lendingRequests.requesterId), eq(lendingRequests.borrowerName, borrower.name))
      : eq(lendingRequests.requesterId, borrower.userId);
  const [existing] = await context.db
    .select({ id: lendingRequests.id, status: lendingRequests.status })
    .from(lendingRequests)
    .where(
      and(
        eq(lendingRequests.itemId, item.id),
        eq(lendingRequests.origin, 'recorded'),
        byBorrower,
        eq(lendingRequests.message, scenario.note),
      ),
    )
    .orderBy(desc(lendingRequests.requestedAt))
    .limit(1);

  const recordedStatus = scenario.returnedDaysAgo === undefined ? 'borrowed' : 'returned';
  const loan = existing ?? { id: await record(context, item, borrower, scenario), status: recordedStatus };
  // Only a loan still as it was recorded is disputed; one moved on in the app (returned by hand, …) is theirs now.
  if (scenario.disputedDaysAgo === undefined || borrower.userId === null || loan.status !== recordedStatus) return;
  const disputed = await disputeLoan(context.db, { id: borrower.userId }, loan.id);
  await datePostedMessages(context, disputed.posted, scenario.disputedDaysAgo);
  await context.db
    .update(lendingRequests)
    .set({ updatedAt: daysAgo(context, scenario.disputedDaysAgo) })
    .where(eq(lendingRequests.id, loan.id));
  context.counts.loanDisputes += 1;
  context.counts.messages += disputed.posted.length;
}

/** Records the loan as its owner and dates it back to `recordedDaysAgo`; returns its id. */
async function record(
  context: SeedContext,
  item: { id: string; ownerId: string },
  borrower: SeedBorrower,
  scenario: DemoRecordedLoan,
): Promise<string> {
  const owner = { id: item.ownerId };
  const named: LoanBorrower =
    borrower.userId === null
      ? { name: borrower.name }
      : { contactId: await contactIdOf(context, owner.id, borrower.userId) };
  // Validated as the route validates it; "today" is the seed's, and tomorrow in UTC is the latest today anywhere.
  const input = recordLoanSchema(dateInDays(context, 1)).parse({
    borrower: named,
    lentOn: dateInDays(context, -scenario.lentDaysAgo),
    expectedReturnDate: scenario.dueInDays === undefined ? null : dateInDays(context, scenario.dueInDays),
    returnedOn: scenario.returnedDaysAgo === undefined ? null : dateInDays(context, -scenario.returnedDaysAgo),
    note: scenario.note,
  });
  const change = await recordLoan(context.db, owner, item.id, input);
  // A registered borrower the owner can no longer message would become the owner's record only: the demo's
  // contacts and groups must keep that channel open (docs/decisions/0018), or the demo shows less than it says.
  if (change.requesterId !== borrower.userId) {
    throw new Error(`${scenario.item}: recordLoan did not name the registered borrower (no open messaging channel?)`);
  }
  const at = daysAgo(context, scenario.recordedDaysAgo);
  await datePostedMessages(context, change.posted, scenario.recordedDaysAgo);
  await context.db
    .update(lendingRequests)
    .set({ requestedAt: at, respondedAt: at, updatedAt: at })
    .where(eq(lendingRequests.id, change.requestId));
  context.counts.recordedLoans += 1;
  context.counts.messages += change.posted.length;
  return change.requestId;
}

/** The owner's linked address-book entry for the borrower, as the record form picks it. */
async function contactIdOf(context: SeedContext, ownerId: string, borrowerId: string): Promise<string> {
  const [contact] = await context.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, ownerId), eq(contacts.contactUserId, borrowerId)));
  if (!contact) throw new Error('A registered demo borrower must be in the owner’s address book');
  return contact.id;
}
