import type { ItemCategory } from '@/contract/enums';

/** Words the generated community is made of: plausible names keep text search and sorting realistic. */
// prettier-ignore
export const FIRST_NAMES = [
  'Anna', 'Luca', 'Mia', 'Noah', 'Lena', 'Elias', 'Sofia', 'Leon', 'Emma', 'Louis',
  'Lea', 'Gabriel', 'Nina', 'Matteo', 'Laura', 'David', 'Julia', 'Samuel', 'Sara', 'Jonas',
  'Chiara', 'Tim', 'Alina', 'Nico', 'Elena', 'Marco', 'Lara', 'Simon', 'Giulia', 'Felix',
  'Zoé', 'Hugo', 'Léa', 'Jan', 'Alice', 'Fabio', 'Clara', 'Yannick', 'Amélie', 'Reto',
];

// prettier-ignore
export const LAST_NAMES = [
  'Müller', 'Meier', 'Schmid', 'Keller', 'Weber', 'Huber', 'Schneider', 'Meyer', 'Steiner', 'Fischer',
  'Gerber', 'Brunner', 'Baumann', 'Frei', 'Zimmermann', 'Moser', 'Widmer', 'Wyss', 'Graf', 'Roth',
  'Rossi', 'Bianchi', 'Ferrari', 'Romano', 'Colombo', 'Bernasconi', 'Fontana', 'Galli', 'Conti', 'Greco',
  'Favre', 'Rochat', 'Bonvin', 'Girard', 'Dubois', 'Perrin', 'Morel', 'Blanc', 'Cuche', 'Berset',
  'Suter', 'Bühler', 'Lehmann', 'Kaufmann', 'Hofmann', 'Vogel', 'Marti', 'Bachmann', 'Egli', 'Kunz',
];

// prettier-ignore
export const NOUNS: readonly (readonly [ItemCategory, string])[] = [
  ['electronics', 'Projector'], ['electronics', 'Camera'], ['electronics', 'Bluetooth speaker'],
  ['electronics', 'Drone'], ['electronics', 'Tablet'], ['electronics', 'Headphones'],
  ['electronics', 'Game console'], ['electronics', 'Microphone'],
  ['tools', 'Drill'], ['tools', 'Circular saw'], ['tools', 'Ladder'], ['tools', 'Sander'],
  ['tools', 'Hammer drill'], ['tools', 'Angle grinder'], ['tools', 'Tile cutter'], ['tools', 'Pressure washer'],
  ['books', 'Cookbook'], ['books', 'Novel'], ['books', 'Travel guide'], ['books', 'Atlas'],
  ['books', 'Comic collection'], ['books', 'Dictionary'], ['books', 'Field guide'], ['books', 'Poetry book'],
  ['sports', 'Tennis racket'], ['sports', 'Bicycle'], ['sports', 'Skis'], ['sports', 'Snowboard'],
  ['sports', 'Kayak'], ['sports', 'Climbing rope'], ['sports', 'Football'], ['sports', 'Yoga mat'],
  ['kitchen', 'Stand mixer'], ['kitchen', 'Raclette grill'], ['kitchen', 'Fondue set'], ['kitchen', 'Pasta machine'],
  ['kitchen', 'Slow cooker'], ['kitchen', 'Waffle iron'], ['kitchen', 'Juicer'], ['kitchen', 'Bread maker'],
  ['furniture', 'Folding table'], ['furniture', 'Camping chair'], ['furniture', 'Bookshelf'],
  ['furniture', 'Garden bench'], ['furniture', 'High chair'], ['furniture', 'Sofa bed'], ['furniture', 'Desk'],
  ['furniture', 'Stool'],
  ['clothing', 'Ski jacket'], ['clothing', 'Rain coat'], ['clothing', 'Suit'], ['clothing', 'Hiking boots'],
  ['clothing', 'Costume'], ['clothing', 'Evening dress'], ['clothing', 'Winter gloves'], ['clothing', 'Dirndl'],
  ['toys', 'Lego set'], ['toys', 'Puzzle'], ['toys', 'Board game'], ['toys', 'Doll house'],
  ['toys', 'Toy kitchen'], ['toys', 'Scooter'], ['toys', 'Train set'], ['toys', 'Kite'],
  ['outdoor', 'Tent'], ['outdoor', 'Sleeping bag'], ['outdoor', 'Backpack'], ['outdoor', 'Camping stove'],
  ['outdoor', 'Hammock'], ['outdoor', 'Cool box'], ['outdoor', 'Lawn mower'], ['outdoor', 'Wheelbarrow'],
  ['other', 'Sewing machine'], ['other', 'Suitcase'], ['other', 'Baby carrier'], ['other', 'Carpet cleaner'],
  ['other', 'Guitar'], ['other', 'Keyboard'], ['other', 'Telescope'], ['other', 'Metal detector'],
];

// prettier-ignore
export const ADJECTIVES = [
  'Cordless', 'Compact', 'Large', 'Small', 'Old', 'Nearly new', 'Sturdy', 'Vintage',
  'Professional', 'Family', 'Foldable', 'Heavy-duty', 'Lightweight', 'Electric', 'Classic', 'Red',
];

export const ITEM_DESCRIPTIONS = [
  'Works well; please return it clean.',
  'Comes with a carrying case.',
  'Batteries included, charger too.',
  'Barely used, like new.',
  'Pick it up in the evening, please.',
  'A few scratches but works perfectly.',
  'Instructions are in the box.',
];

/** Search words that match item names (and some owner names) the way people type them. */
export const SEARCH_TERMS = ['drill', 'tent', 'camera', 'mixer', 'board game', 'ski', 'lego', 'table', 'bike', 'anna'];

export const MESSAGE_PHRASES = [
  'Hi! Is it still free this weekend?',
  'Thanks again, it worked perfectly.',
  'Sure, come by after six.',
  'Can I pick it up tomorrow morning?',
  'No problem, keep it until Sunday.',
  'I left it at your door.',
  'Do you still have the ladder?',
  'See you later!',
  'Perfect, thank you so much!',
  'Could you bring it to the group meeting?',
];

export const REQUEST_MESSAGES = [
  'Could I borrow this for the weekend?',
  'Hi, I would need it for a few days, if that is fine.',
  'We are moving next week: may I use it?',
  'Would you lend it to me for a birthday party?',
];

// prettier-ignore
export const GROUP_PREFIXES = [
  'Garden friends', 'Makers', 'Parents', 'Climbing club', 'Neighbours',
  'Book circle', 'Repair café', 'Camping crew', 'Music corner', 'Cycling club',
];

/** Towns and their centres: groups scatter around them, discovery searches from them. */
// prettier-ignore
export const TOWNS: readonly (readonly [string, number, number])[] = [
  ['Zürich', 47.3769, 8.5417], ['Genève', 46.2044, 6.1432], ['Basel', 47.5596, 7.5886],
  ['Lausanne', 46.5197, 6.6323], ['Bern', 46.948, 7.4474], ['Winterthur', 47.4988, 8.7237],
  ['Luzern', 47.0502, 8.3093], ['St. Gallen', 47.4245, 9.3767], ['Lugano', 46.0037, 8.9511],
  ['Biel', 47.1368, 7.2467], ['Thun', 46.758, 7.628], ['La Chaux-de-Fonds', 47.0999, 6.8259],
  ['Fribourg', 46.8065, 7.162], ['Schaffhausen', 47.6973, 8.6349], ['Chur', 46.8508, 9.532],
  ['Neuchâtel', 46.99, 6.9293], ['Sion', 46.2331, 7.3606], ['Zug', 47.1662, 8.5155],
  ['Aarau', 47.3925, 8.0442], ['Bellinzona', 46.1946, 9.0175],
];
