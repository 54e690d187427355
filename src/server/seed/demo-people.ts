import type { Language } from '../../contract/enums';

/**
 * The demo community (`npm run seed`): twelve neighbours around Zurich and
 * Lausanne. Usernames are the stable keys that make the seed idempotent:
 * a person whose username exists is reused, never created twice.
 */
export interface DemoPerson {
  username: string;
  name: string;
  email: string;
  language: Language;
  /** One line for the README and the seed's summary: what this person has going on. */
  role: string;
  /** How long ago they joined, so "member since" dates differ. */
  joinedDaysAgo: number;
}

export const DEMO_PEOPLE = [
  {
    username: 'lena.meier',
    name: 'Lena Meier',
    email: 'lena.meier@example.com',
    language: 'de',
    role: 'admin of Kreis 4 Neighbours (a join request waits); a drill request to answer; her tent is lent out',
    joinedDaysAgo: 120,
  },
  {
    username: 'marco.rossi',
    name: 'Marco Rossi',
    email: 'marco.rossi@example.com',
    language: 'it',
    role: 'asked Lena for her drill; declined a projector request; needs a suit (network request)',
    joinedDaysAgo: 110,
  },
  {
    username: 'sophie.dubois',
    name: 'Sophie Dubois',
    email: 'sophie.dubois@example.com',
    language: 'fr',
    role: "admin of Lausanne Climbing Crew; has Lena's tent at the moment",
    joinedDaysAgo: 104,
  },
  {
    username: 'jonas.keller',
    name: 'Jonas Keller',
    email: 'jonas.keller@example.com',
    language: 'de',
    role: 'a paint roller request to answer; the pressure washer is promised to him',
    joinedDaysAgo: 98,
  },
  {
    username: 'aisha.khan',
    name: 'Aisha Khan',
    email: 'aisha.khan@example.com',
    language: 'en',
    role: 'lends Catan to Lena (accepted, not handed over yet)',
    joinedDaysAgo: 90,
  },
  {
    username: 'pieter.devries',
    name: 'Pieter de Vries',
    email: 'pieter.devries@example.com',
    language: 'en',
    role: 'his projector request was declined',
    joinedDaysAgo: 84,
  },
  {
    username: 'ana.silva',
    name: 'Ana Silva',
    email: 'ana.silva@example.com',
    language: 'en',
    role: 'asked her network for a wheelbarrow and got three answers',
    joinedDaysAgo: 77,
  },
  {
    username: 'luca.bianchi',
    name: 'Luca Bianchi',
    email: 'luca.bianchi@example.com',
    language: 'it',
    role: 'withdrew a request; returned a climbing harness',
    joinedDaysAgo: 70,
  },
  {
    username: 'claire.martin',
    name: 'Claire Martin',
    email: 'claire.martin@example.com',
    language: 'fr',
    role: "has Tomáš's tripod at the moment",
    joinedDaysAgo: 63,
  },
  {
    username: 'tomas.novak',
    name: 'Tomáš Novák',
    email: 'tomas.novak@example.com',
    language: 'en',
    role: 'waits for Lena to let him into Kreis 4 Neighbours',
    joinedDaysAgo: 56,
  },
  {
    username: 'emma.schneider',
    name: 'Emma Schneider',
    email: 'emma.schneider@example.com',
    language: 'de',
    role: 'admin of the private group Seefeld Parents',
    joinedDaysAgo: 49,
  },
  {
    username: 'noah.weber',
    name: 'Noah Weber',
    email: 'noah.weber@example.com',
    language: 'de',
    role: 'returned a toolbox; added a wheelbarrow to help Ana; a suit request reached him',
    joinedDaysAgo: 42,
  },
] as const satisfies readonly DemoPerson[];

export type DemoUsername = (typeof DEMO_PEOPLE)[number]['username'];

/**
 * Registered contacts that both people have (active, linked, both
 * directions), with an optional note the first keeps about the second.
 */
export const MUTUAL_CONTACTS: readonly [DemoUsername, DemoUsername, string?][] = [
  ['lena.meier', 'marco.rossi', 'Neighbour, second floor'],
  ['lena.meier', 'jonas.keller'],
  ['lena.meier', 'aisha.khan', 'Games night on Fridays'],
  ['lena.meier', 'emma.schneider'],
  ['lena.meier', 'sophie.dubois', 'Old friend from university in Lausanne'],
  ['marco.rossi', 'luca.bianchi', 'Cousin'],
  ['marco.rossi', 'jonas.keller'],
  ['marco.rossi', 'pieter.devries'],
  ['sophie.dubois', 'claire.martin'],
  ['sophie.dubois', 'tomas.novak', 'Climbing partner'],
  ['sophie.dubois', 'luca.bianchi'],
  ['jonas.keller', 'noah.weber'],
  ['jonas.keller', 'emma.schneider'],
  ['aisha.khan', 'pieter.devries', 'Colleague'],
  ['aisha.khan', 'ana.silva'],
  ['ana.silva', 'noah.weber'],
  ['claire.martin', 'tomas.novak'],
  ['emma.schneider', 'noah.weber'],
];

/** Someone who added a person who has not added them back (yet). */
export const ONE_WAY_CONTACTS: readonly [owner: DemoUsername, contact: DemoUsername][] = [
  ['pieter.devries', 'lena.meier'],
  ['tomas.novak', 'marco.rossi'],
];

/** Address-book entries for people who are not on Lendloop: typed in (pending) or invited. */
export interface UnregisteredContact {
  owner: DemoUsername;
  name: string;
  email: string;
  status: 'pending' | 'invited';
  invitedDaysAgo?: number;
  notes?: string;
}

export const UNREGISTERED_CONTACTS: readonly UnregisteredContact[] = [
  { owner: 'lena.meier', name: 'Ruth Meier', email: 'ruth.meier@example.com', status: 'pending', notes: 'Aunt' },
  {
    owner: 'marco.rossi',
    name: 'Giulia Conti',
    email: 'giulia.conti@example.com',
    status: 'invited',
    invitedDaysAgo: 5,
  },
  {
    owner: 'sophie.dubois',
    name: 'Hugo Lambert',
    email: 'hugo.lambert@example.com',
    status: 'invited',
    invitedDaysAgo: 12,
  },
  { owner: 'emma.schneider', name: 'Mia Frei', email: 'mia.frei@example.com', status: 'pending', notes: "Lina's mum" },
];
