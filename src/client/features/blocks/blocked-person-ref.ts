/** The person a block or unblock is about: their user id and the name this screen shows for them. */
export interface PersonRef {
  userId: string;
  name: string;
}
