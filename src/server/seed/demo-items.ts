import type { LucideIcon } from 'lucide-react';
import Armchair from 'lucide-react/icons/armchair';
import Baby from 'lucide-react/icons/baby';
import Backpack from 'lucide-react/icons/backpack';
import Bike from 'lucide-react/icons/bike';
import Binoculars from 'lucide-react/icons/binoculars';
import Blocks from 'lucide-react/icons/blocks';
import BookOpen from 'lucide-react/icons/book-open';
import Camera from 'lucide-react/icons/camera';
import ChefHat from 'lucide-react/icons/chef-hat';
import CookingPot from 'lucide-react/icons/cooking-pot';
import Dices from 'lucide-react/icons/dices';
import Drill from 'lucide-react/icons/drill';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import Guitar from 'lucide-react/icons/guitar';
import Jacket from 'lucide-react/icons/jacket';
import Kayak from 'lucide-react/icons/kayak';
import LampFloor from 'lucide-react/icons/lamp-floor';
import Library from 'lucide-react/icons/library';
import MapIcon from 'lucide-react/icons/map';
import Mountain from 'lucide-react/icons/mountain';
import MountainSnow from 'lucide-react/icons/mountain-snow';
import PaintRoller from 'lucide-react/icons/paint-roller';
import Projector from 'lucide-react/icons/projector';
import Shirt from 'lucide-react/icons/shirt';
import Soup from 'lucide-react/icons/soup';
import SprayCan from 'lucide-react/icons/spray-can';
import Spool from 'lucide-react/icons/spool';
import Tent from 'lucide-react/icons/tent';
import Toolbox from 'lucide-react/icons/toolbox';
import Waves from 'lucide-react/icons/waves';
import type { ItemCategory } from '../../contract/enums';
import type { DemoGroupKey } from './demo-groups';
import type { DemoUsername } from './demo-people';

/**
 * One item of the demo community. (owner, name) is its natural key. Its
 * photo is drawn from `icon` (Lucide, the icon set the client uses) on a
 * background in the category's colour; `photos: 2` adds a second view.
 */
export interface DemoItem {
  owner: DemoUsername;
  name: string;
  description: string;
  category: ItemCategory;
  icon: LucideIcon;
  photos?: 1 | 2;
  /** The owner uses it themselves at the moment. */
  inUse?: boolean;
  /** Kept for personal use until this many days from today (a reservation). */
  reservedForDays?: number;
  /** Registered contacts of the owner with "Can see" ticked. */
  contacts?: readonly DemoUsername[];
  /** Groups of the owner it is shared with. */
  groups?: readonly DemoGroupKey[];
  addedDaysAgo: number;
}

export const DEMO_ITEMS = [
  {
    owner: 'lena.meier',
    name: 'Cordless drill (18 V)',
    description: 'Bosch cordless drill with two batteries, a charger and a box of wood and masonry bits.',
    category: 'tools',
    icon: Drill,
    photos: 2,
    contacts: ['marco.rossi', 'jonas.keller', 'emma.schneider'],
    groups: ['kreis4'],
    addedDaysAgo: 95,
  },
  {
    owner: 'lena.meier',
    name: 'Raclette grill for 8',
    description: 'Eight pans and a stone top for grilling. Cheese not included, sadly.',
    category: 'kitchen',
    icon: CookingPot,
    reservedForDays: 9,
    groups: ['kreis4', 'seefeld'],
    addedDaysAgo: 90,
  },
  {
    owner: 'lena.meier',
    name: 'Tent for 4 people',
    description: 'Vaude dome tent, easy to pitch in ten minutes. Pegs and a repair kit are in the red bag.',
    category: 'outdoor',
    icon: Tent,
    photos: 2,
    contacts: ['sophie.dubois', 'aisha.khan', 'emma.schneider'],
    groups: ['kreis4'],
    addedDaysAgo: 88,
  },
  {
    owner: 'marco.rossi',
    name: 'Pasta machine',
    description: 'Marcato Atlas 150 with the tagliatelle cutter. Please clean with a dry brush only, never water.',
    category: 'kitchen',
    icon: ChefHat,
    contacts: ['lena.meier', 'luca.bianchi', 'jonas.keller'],
    groups: ['kreis4'],
    addedDaysAgo: 80,
  },
  {
    owner: 'marco.rossi',
    name: 'Full HD projector',
    description: 'Epson projector with HDMI cable and a small tripod screen. Great for movie nights.',
    category: 'electronics',
    icon: Projector,
    contacts: ['lena.meier', 'jonas.keller', 'pieter.devries', 'luca.bianchi'],
    addedDaysAgo: 78,
  },
  {
    owner: 'marco.rossi',
    name: 'Bike floor pump',
    description: 'Floor pump with a pressure gauge; fits Presta and Schrader valves.',
    category: 'sports',
    icon: Bike,
    groups: ['kreis4'],
    addedDaysAgo: 60,
  },
  {
    owner: 'sophie.dubois',
    name: 'Climbing harness, size M',
    description: 'Petzl harness with a belay device and two locking carabiners.',
    category: 'sports',
    icon: Mountain,
    contacts: ['claire.martin', 'tomas.novak'],
    groups: ['climbing'],
    addedDaysAgo: 85,
  },
  {
    owner: 'sophie.dubois',
    name: 'Folding chairs (set of 6)',
    description: 'Wooden folding chairs for parties and garden dinners. They fit in a small car.',
    category: 'furniture',
    icon: Armchair,
    contacts: ['claire.martin', 'lena.meier'],
    groups: ['climbing'],
    addedDaysAgo: 70,
  },
  {
    owner: 'sophie.dubois',
    name: 'The Little Prince, illustrated edition',
    description: 'Hardback with the original watercolours, in English. A lovely bedtime read.',
    category: 'books',
    icon: BookOpen,
    contacts: ['claire.martin', 'luca.bianchi', 'lena.meier'],
    addedDaysAgo: 40,
  },
  {
    owner: 'jonas.keller',
    name: 'Paint roller set',
    description: 'Two rollers, an extension pole, a tray and masking tape. Washed after every use.',
    category: 'tools',
    icon: PaintRoller,
    contacts: ['lena.meier', 'marco.rossi', 'noah.weber', 'emma.schneider'],
    groups: ['kreis4'],
    addedDaysAgo: 75,
  },
  {
    owner: 'jonas.keller',
    name: 'Toolbox',
    description: 'Hammer, spirit level, screwdrivers, pliers and a stud finder: everything for putting up shelves.',
    category: 'tools',
    icon: Toolbox,
    contacts: ['noah.weber'],
    groups: ['kreis4'],
    addedDaysAgo: 74,
  },
  {
    owner: 'jonas.keller',
    name: 'PlayStation 5 with two controllers',
    description: 'Disc edition with EA Sports FC and Gran Turismo. Controllers charged, cables included.',
    category: 'electronics',
    icon: Gamepad2,
    inUse: true,
    contacts: ['noah.weber', 'marco.rossi'],
    addedDaysAgo: 30,
  },
  {
    owner: 'aisha.khan',
    name: 'Catan board game',
    description: 'The base game plus the Seafarers expansion. All pieces counted after the last games night.',
    category: 'toys',
    icon: Dices,
    contacts: ['lena.meier', 'pieter.devries', 'ana.silva'],
    groups: ['kreis4'],
    addedDaysAgo: 66,
  },
  {
    owner: 'aisha.khan',
    name: 'Sewing machine',
    description: 'Singer sewing machine for hems and small repairs, with spare needles and bobbins.',
    category: 'other',
    icon: Spool,
    contacts: ['ana.silva', 'lena.meier'],
    addedDaysAgo: 64,
  },
  {
    owner: 'aisha.khan',
    name: 'Hiking backpack (45 l)',
    description: 'Osprey backpack with a rain cover and hip belt pockets.',
    category: 'outdoor',
    icon: Backpack,
    inUse: true,
    groups: ['kreis4'],
    addedDaysAgo: 50,
  },
  {
    owner: 'pieter.devries',
    name: 'Inflatable kayak for two',
    description: 'Packs into a large bag; pump and two paddles included. Perfect for the lake on a calm day.',
    category: 'outdoor',
    icon: Kayak,
    contacts: ['aisha.khan', 'marco.rossi'],
    groups: ['kreis4'],
    addedDaysAgo: 58,
  },
  {
    owner: 'pieter.devries',
    name: 'Lonely Planet Switzerland',
    description: 'Latest edition, with a few notes of mine about hikes in the Ticino.',
    category: 'books',
    icon: MapIcon,
    contacts: ['aisha.khan', 'marco.rossi'],
    groups: ['kreis4'],
    addedDaysAgo: 55,
  },
  {
    owner: 'ana.silva',
    name: 'Kids’ winter jacket, age 6–8',
    description: 'Warm, waterproof and hardly worn: my son grew out of it in one winter.',
    category: 'clothing',
    icon: Jacket,
    contacts: ['aisha.khan', 'noah.weber'],
    groups: ['seefeld'],
    addedDaysAgo: 35,
  },
  {
    owner: 'ana.silva',
    name: 'Baby carrier',
    description: 'Ergonomic carrier for babies from 4 months, washed and ready.',
    category: 'other',
    icon: Baby,
    groups: ['seefeld'],
    addedDaysAgo: 33,
  },
  {
    owner: 'luca.bianchi',
    name: 'Snowboard (156 cm) with bindings',
    description: 'All-mountain board, waxed before the season. Bindings fit boots of size 42–45.',
    category: 'sports',
    icon: MountainSnow,
    contacts: ['marco.rossi', 'sophie.dubois'],
    groups: ['climbing'],
    addedDaysAgo: 65,
  },
  {
    owner: 'luca.bianchi',
    name: 'Fondue set',
    description: 'Caquelon, burner, six forks and a bottle of burner paste.',
    category: 'kitchen',
    icon: Soup,
    contacts: ['sophie.dubois', 'marco.rossi'],
    addedDaysAgo: 62,
  },
  {
    owner: 'claire.martin',
    name: 'Silk evening dress, size 38',
    description: 'Navy blue, knee length. Worn twice, dry-cleaned.',
    category: 'clothing',
    icon: Shirt,
    contacts: ['sophie.dubois', 'tomas.novak'],
    addedDaysAgo: 60,
  },
  {
    owner: 'claire.martin',
    name: 'Steam cleaner',
    description: 'Kärcher steam cleaner for tiles, windows and the oven door.',
    category: 'other',
    icon: SprayCan,
    contacts: ['sophie.dubois', 'tomas.novak'],
    groups: ['climbing'],
    addedDaysAgo: 59,
  },
  {
    owner: 'claire.martin',
    name: 'Acoustic guitar',
    description: 'Yamaha guitar with a soft case and a capo. New strings in March.',
    category: 'other',
    icon: Guitar,
    groups: ['climbing'],
    addedDaysAgo: 20,
  },
  {
    owner: 'tomas.novak',
    name: 'Camera tripod',
    description: 'Manfrotto travel tripod with a ball head, 1.5 m high, carbon legs.',
    category: 'electronics',
    icon: Camera,
    photos: 2,
    contacts: ['sophie.dubois', 'claire.martin'],
    groups: ['climbing'],
    addedDaysAgo: 52,
  },
  {
    owner: 'tomas.novak',
    name: 'Floor lamp',
    description: 'Tall reading lamp with a warm LED bulb. Handy for a guest room.',
    category: 'furniture',
    icon: LampFloor,
    contacts: ['claire.martin'],
    addedDaysAgo: 45,
  },
  {
    owner: 'emma.schneider',
    name: 'LEGO Duplo box',
    description: 'About 200 bricks, a train and a farm. Washed and complete.',
    category: 'toys',
    icon: Blocks,
    contacts: ['lena.meier', 'jonas.keller'],
    groups: ['seefeld'],
    addedDaysAgo: 40,
  },
  {
    owner: 'emma.schneider',
    name: 'Picture books for ages 3–6 (10 books)',
    description: 'Gruffalo, Pettson and Findus, and more, in English and German.',
    category: 'books',
    icon: Library,
    groups: ['seefeld'],
    addedDaysAgo: 38,
  },
  {
    owner: 'emma.schneider',
    name: 'Kids’ bike, 16 inch',
    description: 'With stabilisers that come off with one spanner. Helmet available too.',
    category: 'toys',
    icon: Bike,
    groups: ['seefeld', 'kreis4'],
    addedDaysAgo: 36,
  },
  {
    owner: 'noah.weber',
    name: 'Pressure washer',
    description: 'Kärcher K4 with a patio cleaner attachment. Takes the moss off any terrace.',
    category: 'tools',
    icon: Waves,
    contacts: ['jonas.keller', 'ana.silva'],
    groups: ['kreis4'],
    addedDaysAgo: 40,
  },
  {
    owner: 'noah.weber',
    name: 'Navy suit, size 50',
    description: 'Slim fit, with a white shirt (collar 41) and a dark tie if you need the whole set.',
    category: 'clothing',
    icon: Shirt,
    groups: ['kreis4'],
    addedDaysAgo: 38,
  },
  {
    owner: 'noah.weber',
    name: 'Binoculars 10×42',
    description: 'Waterproof binoculars for birdwatching on the Greifensee.',
    category: 'outdoor',
    icon: Binoculars,
    contacts: ['jonas.keller', 'ana.silva'],
    groups: ['kreis4', 'seefeld'],
    addedDaysAgo: 25,
  },
] as const satisfies readonly DemoItem[];

export type DemoItemName = (typeof DEMO_ITEMS)[number]['name'];
