import type { DemoUsername } from './demo-people';

/** A group of the demo community; (admin, name) is its natural key. */
export interface DemoGroup {
  key: string;
  name: string;
  description: string;
  location: string;
  latitude: number;
  longitude: number;
  isPrivate: boolean;
  maxMembers: number;
  admin: DemoUsername;
  members: readonly DemoUsername[];
  createdDaysAgo: number;
  /** Someone who asked to join and waits for the admin. */
  pendingJoinRequest?: { username: DemoUsername; message: string };
}

export const DEMO_GROUPS = [
  {
    key: 'kreis4',
    name: 'Kreis 4 Neighbours',
    description:
      'Neighbours around Langstrasse and Helvetiaplatz sharing tools, games and kitchen gadgets instead of buying them twice.',
    location: 'Zürich, Switzerland',
    latitude: 47.38,
    longitude: 8.52,
    isPrivate: false,
    maxMembers: 50,
    admin: 'lena.meier',
    members: [
      'marco.rossi',
      'jonas.keller',
      'aisha.khan',
      'pieter.devries',
      'ana.silva',
      'emma.schneider',
      'noah.weber',
    ],
    createdDaysAgo: 100,
    pendingJoinRequest: {
      username: 'tomas.novak',
      message:
        'Hi! I just moved to Zurich for a new job near Helvetiaplatz and would love to borrow and lend with neighbours.',
    },
  },
  {
    key: 'climbing',
    name: 'Lausanne Climbing Crew',
    description:
      'Sunday sessions at the gym and trips to the Valais. We share ropes, harnesses, camping gear and lifts.',
    location: 'Lausanne, Switzerland',
    latitude: 46.52,
    longitude: 6.63,
    isPrivate: false,
    maxMembers: 30,
    admin: 'sophie.dubois',
    members: ['luca.bianchi', 'claire.martin', 'tomas.novak'],
    createdDaysAgo: 90,
  },
  {
    key: 'seefeld',
    name: 'Seefeld Parents',
    description:
      'Parents of the Seefeld kindergarten: kids’ clothes, toys, books and baby gear that are outgrown far too fast.',
    location: 'Zürich, Switzerland',
    latitude: 47.36,
    longitude: 8.55,
    isPrivate: true,
    maxMembers: 20,
    admin: 'emma.schneider',
    members: ['noah.weber', 'ana.silva', 'lena.meier', 'jonas.keller'],
    createdDaysAgo: 45,
  },
] as const satisfies readonly DemoGroup[];

export type DemoGroupKey = (typeof DEMO_GROUPS)[number]['key'];
