import type { ComponentProps } from 'react';
import { RequestActions } from '../features/lending/components/request-actions';
import { MessagePersonLink } from '../features/messages/components/message-person-link';

/**
 * An item shared with the reader: the lending feature's request actions, and
 * beside them a way to write to its owner (issue 33, defect 7), joined here
 * because features do not import each other.
 */
export function SharedItemActions(props: ComponentProps<typeof RequestActions>) {
  return (
    <div className="flex items-start gap-2">
      <div className="min-w-0 flex-1">
        <RequestActions {...props} />
      </div>
      <MessagePersonLink userId={props.item.userId} name={props.item.owner.name} look="icon" />
    </div>
  );
}
