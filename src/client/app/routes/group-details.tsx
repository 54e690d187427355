import { useParams } from 'wouter';
import { GroupDetailsView } from '../../features/groups/details/group-details-view';

/** Spec §2 Group details (/groups/:id). */
export function GroupDetailsPage() {
  const { id = '' } = useParams<{ id: string }>();
  // A new id is a new page: dialogs and typed answers of the previous group do not carry over.
  return <GroupDetailsView key={id} groupId={id} />;
}
