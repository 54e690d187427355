import type { ItemCategory, LendingRequestStatus, NetworkResponse, Urgency } from '../../contract/enums';
import type { DemoItemName } from './demo-items';
import type { DemoUsername } from './demo-people';

/**
 * A lending request taken through the real state machine to `status`.
 * (item, requester, message) is its natural key. `stepsDaysAgo` dates each
 * step: the request itself, then every step on the way to `status`
 * (accepted: 2, borrowed: 3, returned: 4, declined and withdrawn: 2).
 */
export interface DemoLendingRequest {
  item: DemoItemName;
  requester: DemoUsername;
  /** A request's status; a dispute belongs to recorded loans (DEMO_RECORDED_LOANS). */
  status: Exclude<LendingRequestStatus, 'disputed' | 'released'>;
  message: string;
  /** Requested from/until, in days from today (negative: in the past). */
  fromInDays: number;
  untilInDays: number;
  ownerResponse?: string;
  stepsDaysAgo: readonly number[];
}

/** In this order: the returned requests free their items before anyone else asks for them. */
export const DEMO_LENDING_REQUESTS: readonly DemoLendingRequest[] = [
  {
    item: 'Climbing harness, size M',
    requester: 'luca.bianchi',
    status: 'returned',
    message: 'Salut Sophie! Could I borrow your harness for the Saturday session? Mine is at the repair shop.',
    fromInDays: -28,
    untilInDays: -26,
    stepsDaysAgo: [31, 30, 28, 26],
  },
  {
    item: 'Toolbox',
    requester: 'noah.weber',
    status: 'returned',
    message:
      'Hi Jonas, could I borrow your toolbox for a few days? I want to finally put up the shelves on the terrace.',
    fromInDays: -18,
    untilInDays: -13,
    ownerResponse: 'Sure, the stud finder is in the top tray.',
    stepsDaysAgo: [20, 19.5, 18, 12.2],
  },
  {
    item: 'Pasta machine',
    requester: 'luca.bianchi',
    status: 'withdrawn',
    message: 'Ciao Marco, could I borrow the pasta machine for Sunday lunch with the family?',
    fromInDays: -7,
    untilInDays: -6,
    stepsDaysAgo: [9, 8.6],
  },
  {
    item: 'Full HD projector',
    requester: 'pieter.devries',
    status: 'declined',
    message: 'Hi Marco, could I borrow the projector for a movie night with colleagues next Thursday?',
    fromInDays: -2,
    untilInDays: -1,
    ownerResponse: 'Sorry Pieter, I need it myself for a presentation that week. Ask me again next month!',
    stepsDaysAgo: [6, 5.7],
  },
  {
    item: 'Tent for 4 people',
    requester: 'sophie.dubois',
    status: 'borrowed',
    message: 'Hi Lena, could I borrow your tent for a long weekend in the Valais? We would be back on Sunday evening.',
    fromInDays: -4,
    untilInDays: 2,
    ownerResponse: 'Of course! Come by on Thursday evening and take it.',
    stepsDaysAgo: [8, 7.6, 4],
  },
  {
    item: 'Camera tripod',
    requester: 'claire.martin',
    status: 'borrowed',
    message: 'Tomáš, may I borrow the tripod for sunrise photos in the Lavaux vineyards this week?',
    fromInDays: -2,
    untilInDays: 5,
    stepsDaysAgo: [4, 3.8, 2],
  },
  {
    item: 'Catan board game',
    requester: 'lena.meier',
    status: 'accepted',
    message: 'Hi Aisha, we would love to try Catan at our games night on Friday. Could I borrow it for the weekend?',
    fromInDays: 1,
    untilInDays: 3,
    ownerResponse: 'Of course! The Seafarers expansion is in the box too – enjoy your games night.',
    stepsDaysAgo: [2.5, 2.1],
  },
  {
    item: 'Pressure washer',
    requester: 'jonas.keller',
    status: 'accepted',
    message: 'Hi Noah, could I borrow the pressure washer on Saturday? The balcony needs it badly.',
    fromInDays: 2,
    untilInDays: 2,
    ownerResponse: 'Sure, pick it up on Friday after 6 – it is in the bike cellar.',
    stepsDaysAgo: [3, 0.3],
  },
  {
    item: 'Paint roller set',
    requester: 'aisha.khan',
    status: 'pending',
    message:
      'Hello Jonas, we are painting the living room next week. Could I borrow your rollers from Monday to Wednesday?',
    fromInDays: 4,
    untilInDays: 6,
    stepsDaysAgo: [1.2],
  },
  {
    item: 'Cordless drill (18 V)',
    requester: 'marco.rossi',
    status: 'pending',
    message: 'Hi Lena! Could I borrow your drill on Saturday? I am finally putting up the shelves in the new flat.',
    fromInDays: 3,
    untilInDays: 4,
    stepsDaysAgo: [0.08],
  },
];

/**
 * A loan an owner wrote down after lending the item outside the app
 * (docs/decisions/0028), through recordLoan. (item, origin 'recorded',
 * borrower) is its natural key. A registered borrower is a linked contact
 * the owner may message, so the loan is theirs too and they are told; a
 * typed name is the owner's record only.
 */
export interface DemoRecordedLoan {
  item: DemoItemName;
  borrower: { username: DemoUsername } | { name: string };
  lentDaysAgo: number;
  /** Due date in days from today (negative: in the past); none if omitted. */
  dueInDays?: number;
  /** Already back: a finished loan, history only. Omitted: the item is out now. */
  returnedDaysAgo?: number;
  /** When the owner wrote it down (the `loan_recorded` message's date). */
  recordedDaysAgo: number;
  /** The owner's own note; only they read it. */
  note: string;
  /** The borrower said "That's not right" this many days ago (disputeLoan): status 'disputed'. */
  disputedDaysAgo?: number;
}

/** Items here are free of DEMO_LENDING_REQUESTS: an ongoing loan needs the item at home. */
export const DEMO_RECORDED_LOANS: readonly DemoRecordedLoan[] = [
  {
    item: 'Folding chairs (set of 6)',
    borrower: { username: 'lena.meier' },
    lentDaysAgo: 24,
    dueInDays: -21,
    returnedDaysAgo: 21,
    recordedDaysAgo: 20.8,
    note: 'For Lena’s birthday garden party. All six came back, folded and dry.',
  },
  {
    item: 'Snowboard (156 cm) with bindings',
    borrower: { username: 'marco.rossi' },
    lentDaysAgo: 12,
    dueInDays: 9,
    recordedDaysAgo: 3.2,
    note: 'Marco took it to Flumserberg, I think? Wax it before it goes back in the cellar.',
    disputedDaysAgo: 2.9,
  },
  {
    item: 'Picture books for ages 3–6 (10 books)',
    borrower: { username: 'lena.meier' },
    lentDaysAgo: 6,
    dueInDays: 8,
    recordedDaysAgo: 5.9,
    note: 'Handed over at the kindergarten gate. The Gruffalo has a torn page already, not her fault.',
  },
  {
    item: 'Steam cleaner',
    borrower: { name: 'Mme Perrin (ground floor)' },
    lentDaysAgo: 3,
    dueInDays: 4,
    recordedDaysAgo: 2.9,
    note: 'She moves out at the end of the month and needs it for the flat handover.',
  },
];

/** A typed message between two people who may write to each other. (from, to, text) is its natural key. */
export interface DemoMessage {
  from: DemoUsername;
  to: DemoUsername;
  text: string;
  daysAgo: number;
}

export const DEMO_CONVERSATIONS: readonly DemoMessage[] = [
  {
    from: 'luca.bianchi',
    to: 'sophie.dubois',
    text: 'Harness is back on your door handle. Merci mille fois!',
    daysAgo: 25.9,
  },
  {
    from: 'jonas.keller',
    to: 'noah.weber',
    text: 'Got the toolbox back – thanks for returning it so tidy!',
    daysAgo: 12.1,
  },
  {
    from: 'noah.weber',
    to: 'jonas.keller',
    text: 'Thanks for lending it, the terrace shelves are finally up.',
    daysAgo: 12,
  },
  {
    from: 'luca.bianchi',
    to: 'marco.rossi',
    text: 'Never mind the pasta machine, my nonna brought hers from Lugano!',
    daysAgo: 8.5,
  },
  { from: 'marco.rossi', to: 'luca.bianchi', text: 'Ha, even better. Save me a plate of tagliatelle.', daysAgo: 8.4 },
  {
    from: 'aisha.khan',
    to: 'pieter.devries',
    text: 'Thanks for the Lonely Planet tip – we booked two nights in the Verzasca valley.',
    daysAgo: 6.5,
  },
  {
    from: 'pieter.devries',
    to: 'aisha.khan',
    text: 'Great choice. Take the bus from Tenero, parking there is a nightmare.',
    daysAgo: 6.4,
  },
  {
    from: 'sophie.dubois',
    to: 'lena.meier',
    text: 'Got the tent, thank you! Are the pegs in the small red bag?',
    daysAgo: 3.9,
  },
  {
    from: 'lena.meier',
    to: 'sophie.dubois',
    text: 'Yes, pegs and the repair kit are in the red bag. Have a great time in the Valais!',
    daysAgo: 3.8,
  },
  {
    from: 'claire.martin',
    to: 'tomas.novak',
    text: 'The tripod is perfect for the sunrise shots, merci!',
    daysAgo: 1.9,
  },
  {
    from: 'tomas.novak',
    to: 'claire.martin',
    text: 'Glad it helps. Keep it until next weekend if you need it.',
    daysAgo: 1.8,
  },
  {
    from: 'emma.schneider',
    to: 'lena.meier',
    text: 'Hi Lena, are you coming to the Seefeld parents’ picnic on Saturday?',
    daysAgo: 1.5,
  },
  {
    from: 'lena.meier',
    to: 'emma.schneider',
    text: 'Yes! I will bring the raclette grill, we are using it that weekend anyway.',
    daysAgo: 1.4,
  },
  {
    from: 'sophie.dubois',
    to: 'lena.meier',
    text: 'We are back on Sunday evening – shall I drop the tent off at yours around 7?',
    daysAgo: 0.2,
  },
];

export interface DemoNetworkResponse {
  responder: DemoUsername;
  response: NetworkResponse;
  /** Required for have_it: the responder's own words. */
  message?: string;
  /** For add_to_items: the quick-added item. */
  item?: { name: string; description: string };
  daysAgo: number;
}

/** "Looking for …" sent to the requester's whole network. (requester, title) is its natural key. */
export interface DemoNetworkRequest {
  requester: DemoUsername;
  title: string;
  description: string;
  category: ItemCategory | '';
  urgency: Urgency;
  daysAgo: number;
  responses: readonly DemoNetworkResponse[];
}

export const DEMO_NETWORK_REQUESTS: readonly DemoNetworkRequest[] = [
  {
    requester: 'ana.silva',
    title: 'Wheelbarrow',
    description: 'We are redoing our little garden next weekend and need to move a lot of soil.',
    category: 'tools',
    urgency: 'normal',
    daysAgo: 2.2,
    responses: [
      {
        responder: 'jonas.keller',
        response: 'have_it',
        message: 'My parents have one in Wollishofen – I can bring it over on Saturday morning.',
        daysAgo: 2,
      },
      {
        responder: 'noah.weber',
        response: 'add_to_items',
        item: { name: 'Wheelbarrow', description: 'Sturdy, 90 litres, a bit rusty but it rolls fine.' },
        daysAgo: 1.7,
      },
      { responder: 'pieter.devries', response: 'decline', daysAgo: 1.6 },
    ],
  },
  {
    requester: 'marco.rossi',
    title: 'Dark suit for a wedding, size 50',
    description: 'My cousin’s wedding in Bergamo is in two weeks and my suit has mysteriously shrunk.',
    category: 'clothing',
    urgency: 'high',
    daysAgo: 0.15,
    responses: [],
  },
];

/** Messages older than this were read by their receiver; newer ones wait, so unread badges show. */
export const READ_AFTER_DAYS = 0.5;
