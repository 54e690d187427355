import type { ItemCategory, Language } from '../../contract/enums';

/**
 * What the offline detector's COCO classes mean as things people lend:
 * a category and an item name in each language. Names are item content (what
 * the person can then edit), not interface texts, so they live here and not
 * in the locale files.
 *
 * Only classes that are plausibly a lendable object are listed. People,
 * animals, food, vehicles one does not lend among friends and street
 * furniture (traffic light, stop sign, fire hydrant, bench …) are left out:
 * a photo in which the detector sees only those is "not recognised", never
 * a confident wrong item. Bags and umbrellas count as clothing (what one
 * carries), suitcases and kites as outdoor (travel and trips).
 */
type Names = Record<Language, string>;
interface CocoItem {
  category: ItemCategory;
  names: Names;
}

const item = (category: ItemCategory, en: string, de: string, fr: string, it: string): CocoItem => ({
  category,
  names: { en, de, fr, it },
});

export const COCO_ITEMS: Readonly<Record<string, CocoItem>> = {
  // Electronics
  tv: item('electronics', 'TV', 'Fernseher', 'Téléviseur', 'Televisore'),
  laptop: item('electronics', 'Laptop', 'Laptop', 'Ordinateur portable', 'Computer portatile'),
  mouse: item('electronics', 'Computer mouse', 'Computermaus', 'Souris', 'Mouse'),
  remote: item('electronics', 'Remote control', 'Fernbedienung', 'Télécommande', 'Telecomando'),
  keyboard: item('electronics', 'Keyboard', 'Tastatur', 'Clavier', 'Tastiera'),
  'cell phone': item('electronics', 'Mobile phone', 'Handy', 'Téléphone portable', 'Cellulare'),
  'hair drier': item('electronics', 'Hair dryer', 'Föhn', 'Sèche-cheveux', 'Asciugacapelli'),
  clock: item('other', 'Clock', 'Uhr', 'Horloge', 'Orologio'),
  // Books
  book: item('books', 'Book', 'Buch', 'Livre', 'Libro'),
  // Sports
  bicycle: item('sports', 'Bicycle', 'Fahrrad', 'Vélo', 'Bicicletta'),
  frisbee: item('sports', 'Frisbee', 'Frisbee', 'Frisbee', 'Frisbee'),
  skis: item('sports', 'Skis', 'Ski', 'Skis', 'Sci'),
  snowboard: item('sports', 'Snowboard', 'Snowboard', 'Snowboard', 'Snowboard'),
  'sports ball': item('sports', 'Ball', 'Ball', 'Ballon', 'Pallone'),
  'baseball bat': item('sports', 'Baseball bat', 'Baseballschläger', 'Batte de baseball', 'Mazza da baseball'),
  'baseball glove': item('sports', 'Baseball glove', 'Baseballhandschuh', 'Gant de baseball', 'Guantone da baseball'),
  skateboard: item('sports', 'Skateboard', 'Skateboard', 'Skateboard', 'Skateboard'),
  surfboard: item('sports', 'Surfboard', 'Surfbrett', 'Planche de surf', 'Tavola da surf'),
  'tennis racket': item('sports', 'Tennis racket', 'Tennisschläger', 'Raquette de tennis', 'Racchetta da tennis'),
  // Kitchen
  bottle: item('kitchen', 'Bottle', 'Flasche', 'Bouteille', 'Bottiglia'),
  'wine glass': item('kitchen', 'Wine glass', 'Weinglas', 'Verre à vin', 'Bicchiere da vino'),
  cup: item('kitchen', 'Cup', 'Tasse', 'Tasse', 'Tazza'),
  fork: item('kitchen', 'Fork', 'Gabel', 'Fourchette', 'Forchetta'),
  knife: item('kitchen', 'Knife', 'Messer', 'Couteau', 'Coltello'),
  spoon: item('kitchen', 'Spoon', 'Löffel', 'Cuillère', 'Cucchiaio'),
  bowl: item('kitchen', 'Bowl', 'Schüssel', 'Bol', 'Ciotola'),
  microwave: item('kitchen', 'Microwave', 'Mikrowelle', 'Micro-ondes', 'Microonde'),
  oven: item('kitchen', 'Oven', 'Backofen', 'Four', 'Forno'),
  toaster: item('kitchen', 'Toaster', 'Toaster', 'Grille-pain', 'Tostapane'),
  refrigerator: item('kitchen', 'Fridge', 'Kühlschrank', 'Réfrigérateur', 'Frigorifero'),
  vase: item('kitchen', 'Vase', 'Vase', 'Vase', 'Vaso'),
  // Furniture
  chair: item('furniture', 'Chair', 'Stuhl', 'Chaise', 'Sedia'),
  couch: item('furniture', 'Sofa', 'Sofa', 'Canapé', 'Divano'),
  bed: item('furniture', 'Bed', 'Bett', 'Lit', 'Letto'),
  'dining table': item('furniture', 'Table', 'Tisch', 'Table', 'Tavolo'),
  // Clothing and what one carries
  backpack: item('clothing', 'Backpack', 'Rucksack', 'Sac à dos', 'Zaino'),
  umbrella: item('clothing', 'Umbrella', 'Regenschirm', 'Parapluie', 'Ombrello'),
  handbag: item('clothing', 'Handbag', 'Handtasche', 'Sac à main', 'Borsa'),
  tie: item('clothing', 'Tie', 'Krawatte', 'Cravate', 'Cravatta'),
  // Outdoor and travel
  suitcase: item('outdoor', 'Suitcase', 'Koffer', 'Valise', 'Valigia'),
  kite: item('outdoor', 'Kite', 'Drachen', 'Cerf-volant', 'Aquilone'),
  // Toys
  'teddy bear': item('toys', 'Teddy bear', 'Teddybär', 'Ours en peluche', 'Orsacchiotto'),
  // Tools
  scissors: item('tools', 'Scissors', 'Schere', 'Ciseaux', 'Forbici'),
};

/** The item a COCO label stands for, or undefined when it is not something people lend. */
export function cocoItem(label: string): CocoItem | undefined {
  return Object.hasOwn(COCO_ITEMS, label) ? COCO_ITEMS[label] : undefined;
}

/** The name of an item nobody recognised yet: the person fills it in (the edit dialog focuses it). */
export const NEUTRAL_NAME: Names = { en: 'New item', de: 'Neuer Gegenstand', fr: 'Nouvel objet', it: 'Nuovo oggetto' };

/** The description of an item the offline detector named: says where the guess comes from. */
export const RECOGNISED_DESCRIPTION: Names = {
  en: 'Recognised from the photo.',
  de: 'Anhand des Fotos erkannt.',
  fr: 'Reconnu à partir de la photo.',
  it: 'Riconosciuto dalla foto.',
};
