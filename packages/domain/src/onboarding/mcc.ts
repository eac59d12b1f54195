/**
 * The merchant category codes the onboarding form offers for "type of goods or services", in
 * groups, and the map from the store's industry (chosen when the store was set up) to one of
 * them, which gives the form its initial MCC.
 */

export interface MccItem {
  /** The value the form submits. */
  id: string;
  /** The four-digit ISO 18245 code the processor records. */
  code: string;
  title: string;
  keywords: readonly string[];
}

export interface MccGroup {
  id: string;
  title: string;
  items: readonly MccItem[];
}

export const MCC_GROUPS: readonly MccGroup[] = [
  {
    id: 'retail',
    title: 'Retail',
    items: [
      {
        id: 'clothing_and_accessories',
        code: '5691',
        title: 'Clothing and accessories',
        keywords: ['fashion', 'apparel'],
      },
      { id: 'shoe_stores', code: '5661', title: 'Shoes', keywords: ['footwear'] },
      { id: 'jewelry_stores', code: '5944', title: 'Jewelry and watches', keywords: ['watches'] },
      {
        id: 'cosmetic_stores',
        code: '5977',
        title: 'Beauty and cosmetics',
        keywords: ['health', 'beauty', 'makeup'],
      },
      { id: 'electronics_stores', code: '5732', title: 'Electronics', keywords: ['computers', 'phones'] },
      {
        id: 'home_furnishings',
        code: '5712',
        title: 'Furniture and home goods',
        keywords: ['home', 'decor'],
      },
      { id: 'garden_supply', code: '5261', title: 'Garden and outdoor', keywords: ['plants', 'nursery'] },
      { id: 'grocery_stores', code: '5411', title: 'Groceries', keywords: ['food', 'supermarket'] },
      { id: 'book_stores', code: '5942', title: 'Books', keywords: ['reading'] },
      { id: 'toy_stores', code: '5945', title: 'Toys and games', keywords: ['hobby'] },
      {
        id: 'sporting_goods',
        code: '5941',
        title: 'Sporting goods',
        keywords: ['sports', 'recreation', 'fitness'],
      },
      { id: 'pet_shops', code: '5995', title: 'Pet supplies', keywords: ['animals'] },
      {
        id: 'arts_and_crafts',
        code: '5970',
        title: 'Arts and crafts',
        keywords: ['art', 'craft', 'handmade'],
      },
      { id: 'miscellaneous_retail', code: '5999', title: 'Other retail', keywords: ['general'] },
    ],
  },
  {
    id: 'food_and_drink',
    title: 'Food and drink',
    items: [
      { id: 'restaurants', code: '5812', title: 'Restaurants', keywords: ['dining', 'takeaway'] },
      { id: 'bakeries', code: '5462', title: 'Bakeries', keywords: ['cakes', 'bread'] },
      {
        id: 'specialty_food',
        code: '5499',
        title: 'Specialty food and drink',
        keywords: ['coffee', 'tea', 'wine'],
      },
    ],
  },
  {
    id: 'digital',
    title: 'Digital products',
    items: [
      {
        id: 'digital_media',
        code: '5815',
        title: 'Digital media (books, music, movies)',
        keywords: ['ebooks', 'music'],
      },
      { id: 'software', code: '5734', title: 'Software', keywords: ['apps', 'saas', 'plugins'] },
      { id: 'digital_games', code: '5816', title: 'Digital games', keywords: ['video games'] },
    ],
  },
  {
    id: 'services',
    title: 'Services',
    items: [
      { id: 'education', code: '8299', title: 'Education and courses', keywords: ['learning', 'classes'] },
      {
        id: 'health_and_beauty_services',
        code: '7298',
        title: 'Health and beauty services',
        keywords: ['spa', 'salon'],
      },
      { id: 'professional_services', code: '8999', title: 'Professional services', keywords: ['consulting'] },
      { id: 'charities', code: '8398', title: 'Charities and non-profits', keywords: ['donations'] },
    ],
  },
];

const ITEMS = new Map(MCC_GROUPS.flatMap((group) => group.items.map((item) => [item.id, item] as const)));

export function findMcc(id: string | null | undefined): MccItem | undefined {
  return id ? ITEMS.get(id) : undefined;
}

export const isKnownMcc = (id: string | null | undefined): boolean => findMcc(id) !== undefined;

/**
 * The store industries of the store set-up (`woocommerce_store_industry`) and the MCC each one
 * stands for. Industries without a single fitting category are left out, so the merchant picks.
 */
export const INDUSTRY_TO_MCC: Readonly<Record<string, string>> = {
  'fashion-apparel-accessories': 'clothing_and_accessories',
  'health-beauty': 'cosmetic_stores',
  'electronics-computers': 'electronics_stores',
  'food-drink': 'grocery_stores',
  'home-furniture-garden': 'home_furnishings',
  'education-and-learning': 'education',
  'sports-and-recreation': 'sporting_goods',
  'arts-and-crafts': 'arts_and_crafts',
};

/**
 * The initial MCC: the one the first chosen store industry maps to. The setting may list several
 * industries separated by commas; only the first counts.
 */
export function mccFromIndustry(industry: string | null | undefined): string | undefined {
  const first = (industry ?? '').split(',')[0]?.trim() ?? '';
  return first && Object.hasOwn(INDUSTRY_TO_MCC, first) ? INDUSTRY_TO_MCC[first] : undefined;
}
