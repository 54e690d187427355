import { and, desc, eq } from 'drizzle-orm';
import type { LendingRequestStatus } from '../../contract/enums';
import { LENDING_ACTION_ACTOR, type LendingAction } from '../../contract/schemas/lending';
import { lendingRequests } from '../db/schema';
import type { LendingChange } from '../lending/requests/announce-lending-change';
import { createLendingRequest } from '../lending/requests/create-lending-request';
import { decideLendingStep } from '../lending/requests/lending-state-machine';
import { takeLendingStep } from '../lending/requests/take-lending-step';
import type { PostedMessage } from '../message-writer/write-messages';
import { DEMO_LENDING_REQUESTS, type DemoLendingRequest } from './demo-activity';
import { dateInDays, datePostedMessages, daysAgo, personOf, type SeedContext } from './seed-context';

/** The steps from "no request" to each status, as the state machine allows them (a dispute is no step of a request). */
const PATH_TO: Record<Exclude<LendingRequestStatus, 'disputed' | 'released'>, readonly LendingAction[]> = {
  pending: ['create'],
  accepted: ['create', 'accept'],
  declined: ['create', 'decline'],
  borrowed: ['create', 'accept', 'markBorrowed'],
  returned: ['create', 'accept', 'markBorrowed', 'markReturned'],
  withdrawn: ['create', 'withdraw'],
};

/**
 * Every request goes through the app's own use cases (createLendingRequest,
 * takeLendingStep), so statuses, item statuses and system messages are
 * exactly what the app writes. A request found by (item, requester,
 * message) is moved on from wherever it stands on its path, so a run that
 * stopped half-way is completed and a finished one is left alone. Each step
 * is then dated back to when it "happened".
 */
export async function seedLendingRequests(context: SeedContext): Promise<void> {
  for (const scenario of DEMO_LENDING_REQUESTS) await seedLendingRequest(context, scenario);
}

async function seedLendingRequest(context: SeedContext, scenario: DemoLendingRequest): Promise<void> {
  const path = PATH_TO[scenario.status];
  if (scenario.stepsDaysAgo.length !== path.length) {
    throw new Error(`${scenario.item}: ${path.length} step dates expected for ${scenario.status}`);
  }
  const item = context.items.get(scenario.item);
  if (!item) throw new Error(`Demo item ${scenario.item} was not seeded`);
  const requester = personOf(context, scenario.requester);

  const [existing] = await context.db
    .select({ id: lendingRequests.id, status: lendingRequests.status })
    .from(lendingRequests)
    .where(
      and(
        eq(lendingRequests.itemId, item.id),
        eq(lendingRequests.requesterId, requester.id),
        eq(lendingRequests.message, scenario.message),
      ),
    )
    .orderBy(desc(lendingRequests.requestedAt))
    .limit(1);

  let requestId = existing?.id;
  let done = existing ? statusesAlong(path).indexOf(existing.status) + 1 : 0;
  // Moved off the demo path in the app (e.g. withdrawn by hand): theirs now.
  if (existing && done === 0) return;

  for (; done < path.length; done++) {
    const action = path[done];
    const when = scenario.stepsDaysAgo[done];
    if (action === undefined || when === undefined) break;
    let change: LendingChange;
    if (action === 'create') {
      change = await createLendingRequest(context.db, requester, {
        itemId: item.id,
        message: scenario.message,
        requestedFrom: dateInDays(context, scenario.fromInDays),
        expectedReturnDate: dateInDays(context, scenario.untilInDays),
      });
    } else {
      if (requestId === undefined) throw new Error(`${scenario.item}: no request to ${action}`);
      const actor = LENDING_ACTION_ACTOR[action] === 'owner' ? { id: item.ownerId } : requester;
      const decides = action === 'accept' || action === 'decline';
      const response = decides ? (scenario.ownerResponse ?? null) : null;
      // The seed's calendar is UTC (dateInDays); dateStep dates the step back.
      change = await takeLendingStep(context.db, actor, requestId, action, 'UTC', response);
    }
    requestId = change.requestId;
    await dateStep(context, change.requestId, action, change.posted, when);
    context.counts.lendingSteps += 1;
    context.counts.messages += change.posted.length;
  }
}

/** The status after each step of `path`, in order. */
function statusesAlong(path: readonly LendingAction[]): LendingRequestStatus[] {
  const statuses: LendingRequestStatus[] = [];
  let status: LendingRequestStatus | null = null;
  for (const action of path) {
    const outcome = decideLendingStep(action, status);
    if (!outcome.allowed) throw new Error(`The lending state machine refuses ${action} after ${status ?? 'nothing'}`);
    status = outcome.next;
    statuses.push(status);
  }
  return statuses;
}

/**
 * Dates one step back to `days` ago: its messages (a few seconds apart, in
 * the order they were posted, read if they are old enough) and the
 * request's timestamps.
 */
async function dateStep(
  context: SeedContext,
  requestId: string,
  action: LendingAction,
  posted: readonly PostedMessage[],
  days: number,
): Promise<void> {
  const at = daysAgo(context, days);
  await datePostedMessages(context, posted, days);
  await context.db
    .update(lendingRequests)
    .set({
      updatedAt: at,
      ...(action === 'create' ? { requestedAt: at } : {}),
      ...(action === 'accept' || action === 'decline' ? { respondedAt: at } : {}),
      ...(action === 'markBorrowed' ? { lentOn: at.toISOString().slice(0, 10) } : {}),
      ...(action === 'markReturned' ? { returnedOn: at.toISOString().slice(0, 10) } : {}),
    })
    .where(eq(lendingRequests.id, requestId));
}
