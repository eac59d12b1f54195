import { currencyPrecision, methodCurrencyError, type ProcessorMethodType } from '@paydesk/domain';
import type { CheckoutInput } from '../processor/processor.ts';

/**
 * What the seeder's history is made of: customers, markets, methods, cards and amounts, from
 * small built-in tables. Everything here is pure and draws from the generator it is given, so
 * the same seed always gives the same payments.
 */

export type Random = () => number;

/** Shares of payments (the rest are ordinary payments that succeed). */
export const MIX = {
  decline: 0.05,
  dispute: 0.005,
  risk: 0.02,
  block: 0.005,
  review: 0.005,
  manual: 0.02,
  /** Of captured payments. */
  refund: 0.03,
  /** Of refunds. */
  partialRefund: 0.3,
  /** Of payments in the store's currency and country. */
  inPerson: 0.07,
  /** AVS-failing cards among ordinary ones; no rule acts on them, but the details show it. */
  avs: 0.004,
} as const;

/** A tiny seeded generator (mulberry32): fast, 32 bits of state, good enough for sample data. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Mixes numbers into one 32-bit seed, so each stream of a run (ids, mix) has its own. */
export function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    for (const byte of String(part)) {
      h ^= byte.charCodeAt(0);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    h = Math.imul(h ^ 0x2f, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function pickWeighted<T>(random: Random, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let r = random() * total;
  for (const [item, weight] of items) {
    r -= weight;
    if (r < 0) return item;
  }
  return items[items.length - 1]![0];
}

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Oliver',
  'Sophia',
  'Elijah',
  'Isabella',
  'James',
  'Mia',
  'Lucas',
  'Amelia',
  'Mateo',
  'Harper',
  'Leon',
  'Charlotte',
  'Hugo',
  'Chloé',
  'Finn',
  'Sofia',
  'Lukas',
  'Emilia',
  'Noor',
  'Yuki',
  'Haruto',
  'Aoife',
  'Jack',
  'Ruby',
  'Mohammed',
  'Priya',
  'Arjun',
  'Lena',
  'Jonas',
  'Giulia',
  'Marco',
  'Lucía',
  'Pablo',
  'Zoë',
  'Daan',
] as const;

const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Garcia',
  'Miller',
  'Davis',
  'Martin',
  'Müller',
  'Schmidt',
  'Dubois',
  'Bernard',
  'de Vries',
  'Jansen',
  'Peeters',
  'Rossi',
  'Bianchi',
  'López',
  'Fernández',
  'Tanaka',
  'Suzuki',
  'Sato',
  'Taylor',
  'Wilson',
  'Murphy',
  "O'Brien",
  'Nguyen',
  'Patel',
  'Singh',
  'Kowalski',
  'Novak',
  'Andersson',
  'Hansen',
  'Roberts',
  'Walker',
  'Clarke',
  'Thompson',
  'Lefebvre',
  'Wagner',
  'Becker',
] as const;

const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org', 'mail.example'] as const;

/** Where customers live: a few cities with postal codes and streets per country. */
const ADDRESSES: Record<
  string,
  { cities: readonly (readonly [string, string, string?])[]; streets: readonly string[] }
> = {
  US: {
    cities: [
      ['New York', '10001', 'NY'],
      ['San Francisco', '94103', 'CA'],
      ['Austin', '78701', 'TX'],
      ['Chicago', '60601', 'IL'],
      ['Seattle', '98101', 'WA'],
      ['Miami', '33101', 'FL'],
    ],
    streets: ['Main St', 'Oak Ave', 'Maple Dr', 'Pine St', 'Cedar Ln', 'Elm St'],
  },
  CA: {
    cities: [
      ['Toronto', 'M5V 2T6', 'ON'],
      ['Vancouver', 'V6B 1A1', 'BC'],
      ['Montréal', 'H2X 1Y4', 'QC'],
    ],
    streets: ['King St W', 'Granville St', 'Rue Sainte-Catherine'],
  },
  GB: {
    cities: [
      ['London', 'SW1A 1AA'],
      ['Manchester', 'M1 1AE'],
      ['Edinburgh', 'EH1 1YZ'],
    ],
    streets: ['High Street', 'Station Road', 'Church Lane'],
  },
  DE: {
    cities: [
      ['Berlin', '10115'],
      ['München', '80331'],
      ['Hamburg', '20095'],
    ],
    streets: ['Hauptstraße', 'Bahnhofstraße', 'Gartenweg'],
  },
  FR: {
    cities: [
      ['Paris', '75001'],
      ['Lyon', '69001'],
      ['Marseille', '13001'],
    ],
    streets: ['Rue de la Paix', 'Avenue Victor Hugo', 'Rue du Moulin'],
  },
  NL: {
    cities: [
      ['Amsterdam', '1012 AB'],
      ['Rotterdam', '3011 AA'],
      ['Utrecht', '3511 AA'],
    ],
    streets: ['Kerkstraat', 'Dorpsstraat', 'Molenweg'],
  },
  BE: {
    cities: [
      ['Brussel', '1000'],
      ['Antwerpen', '2000'],
      ['Gent', '9000'],
    ],
    streets: ['Kerkstraat', 'Rue Neuve', 'Stationsstraat'],
  },
  ES: {
    cities: [
      ['Madrid', '28001'],
      ['Barcelona', '08001'],
    ],
    streets: ['Calle Mayor', 'Gran Vía'],
  },
  IT: {
    cities: [
      ['Roma', '00118'],
      ['Milano', '20121'],
    ],
    streets: ['Via Roma', 'Corso Italia'],
  },
  AT: {
    cities: [
      ['Wien', '1010'],
      ['Graz', '8010'],
    ],
    streets: ['Hauptstraße', 'Ringstraße'],
  },
  AU: {
    cities: [
      ['Sydney', '2000', 'NSW'],
      ['Melbourne', '3000', 'VIC'],
      ['Brisbane', '4000', 'QLD'],
    ],
    streets: ['George St', 'Collins St', 'Queen St'],
  },
  JP: {
    cities: [
      ['Tokyo', '100-0001'],
      ['Osaka', '530-0001'],
      ['Kyoto', '600-8001'],
    ],
    streets: ['Chiyoda 1-1', 'Umeda 2-4', 'Shijo 3-2'],
  },
};

/** The countries whose customers pay in each currency. */
const MARKETS: Record<string, readonly string[]> = {
  usd: ['US'],
  eur: ['DE', 'FR', 'NL', 'BE', 'ES', 'IT', 'AT'],
  gbp: ['GB'],
  cad: ['CA'],
  aud: ['AU'],
  jpy: ['JP'],
};

/** Foreign customers' currencies, by weight; the store's own currency is left out of them. */
const FOREIGN_CURRENCIES: readonly (readonly [string, number])[] = [
  ['eur', 35],
  ['gbp', 20],
  ['usd', 15],
  ['cad', 12],
  ['aud', 10],
  ['jpy', 8],
];

/** Share of payments made in the store's currency. */
const DOMESTIC_SHARE = 0.82;

/** Cards that simply succeed, for customers of each country (international cards by issuer). */
const PLAIN_CARDS = [
  '4242424242424242',
  '4242424242424242',
  '5555555555554444',
  '2223003122003222',
  '378282246310005',
  '6011111111111117',
  '4000056655665556',
  '5200828282828210',
  '5105105105105100',
  '3566002020360505',
] as const;

const CARDS_BY_COUNTRY: Record<string, string> = {
  CA: '4000001240000000',
  FR: '4000002500000003',
  DE: '4000002760000016',
  GB: '4000008260000000',
  JP: '4000003920000003',
  AU: '4000000360000006',
  BR: '4000000760000002',
};

/** Cards the issuer declines, each with its own reason. */
const DECLINE_CARDS = [
  '4000000000000002',
  '4000000000000002',
  '4000000000009995',
  '4000000000009995',
  '4000000000009987',
  '4000000000009979',
  '4000000000000069',
  '4000000000000127',
  '4000000000000119',
  '4000002500003155',
] as const;

/** Disputed after capture (fraudulent, product not received) and the inquiry card. */
export const DISPUTE_CARDS = ['4000000000000259', '4000000000002685', '4000000000001976'] as const;
/** Elevated and highest risk. */
export const RISK_CARDS = ['4000000000009235', '4000000000009235', '4000000000004954'] as const;

/** Local methods a customer of a currency and country may use, with weights beside card's 100. */
function localMethods(
  currency: string,
  country: string,
): readonly (readonly [ProcessorMethodType, number])[] {
  switch (currency) {
    case 'eur':
      return [
        ['sepa_debit', 8],
        ['klarna', 6],
        ...(country === 'NL' ? ([['ideal', 60]] as const) : []),
        ...(country === 'BE' ? ([['bancontact', 45]] as const) : []),
        ...(country === 'AT' ? ([['eps', 25]] as const) : []),
        ...(country === 'DE'
          ? ([
              ['giropay', 8],
              ['sofort', 10],
            ] as const)
          : []),
      ];
    case 'usd':
      return [
        ['klarna', 4],
        ['affirm', 3],
        ['afterpay_clearpay', 3],
        ['link', 4],
      ];
    case 'gbp':
      return [
        ['klarna', 8],
        ['afterpay_clearpay', 6],
      ];
    case 'cad':
      return [
        ['affirm', 4],
        ['afterpay_clearpay', 4],
      ];
    case 'aud':
      return [
        ['afterpay_clearpay', 12],
        ['au_becs_debit', 6],
      ];
    case 'jpy':
      return [['alipay', 3]];
    default:
      return [['link', 3]];
  }
}

export interface Customer {
  name: string;
  email: string;
  country: string;
  currency: string;
  address: NonNullable<CheckoutInput['order']['billing_address']>;
}

const customerCache = new Map<string, Customer>();

function customerFor(member: number, currency: string, country: string): Customer {
  const key = `${member}|${currency}|${country}`;
  const cached = customerCache.get(key);
  if (cached) return cached;
  const first = FIRST_NAMES[member % FIRST_NAMES.length]!;
  const last = LAST_NAMES[Math.floor(member / FIRST_NAMES.length) % LAST_NAMES.length]!;
  const place = ADDRESSES[country] ?? ADDRESSES.US!;
  const city = place.cities[member % place.cities.length]!;
  const street = place.streets[(member >> 3) % place.streets.length]!;
  const ascii = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase();
  const customer: Customer = {
    name: `${first} ${last}`,
    email: `${ascii(first)}.${ascii(last)}${member % 97}@${EMAIL_DOMAINS[member % EMAIL_DOMAINS.length]}`,
    country,
    currency,
    address: {
      country,
      line1: `${1 + (member % 250)} ${street}`,
      city: city[0],
      ...(city[2] ? { state: city[2] } : {}),
      postal_code: city[1],
    },
  };
  customerCache.set(key, customer);
  return customer;
}

/**
 * A customer from a pool of a few thousand, so the same people come back; the pool member fixes
 * the name, email and city, the market the currency and country. Customers are shared and
 * must not be changed.
 */
export function drawCustomer(random: Random, store: { country: string; currency: string }): Customer {
  const domestic = random() < DOMESTIC_SHARE;
  const currency = domestic
    ? store.currency
    : pickWeighted(
        random,
        FOREIGN_CURRENCIES.filter(([c]) => c !== store.currency),
      );
  const market = MARKETS[currency];
  const country =
    currency === store.currency && (!market || market.includes(store.country) || random() < 0.95)
      ? store.country
      : market
        ? pick(random, market)
        : store.country;
  return customerFor(Math.floor(random() * 4096), currency, country);
}

/** Minor units of `currency` for an amount in US dollars at the sandbox rate (units per USD). */
export function fromUsd(usd_major: number, currency: string, usdRate: number): number {
  return Math.max(1, Math.round(usd_major * usdRate * 10 ** currencyPrecision(currency)));
}

/**
 * An order total in US dollars: log-normal around $45, most orders between $10 and $200, none
 * above $2,000 (the block rule's threshold stays out of reach of ordinary orders).
 */
export function drawOrderUsd(random: Random): number {
  // Box-Muller from two uniforms; 1 - u avoids log(0).
  const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Math.min(2000, Math.max(3, Math.exp(Math.log(45) + 0.85 * normal)));
}

export function drawMethod(random: Random, customer: Customer): ProcessorMethodType {
  const options: (readonly [ProcessorMethodType, number])[] = [
    ['card', 100],
    ...localMethods(customer.currency, customer.country),
  ];
  const method = pickWeighted(random, options);
  // The catalogue decides which currencies a method takes; never hand the planner one it refuses.
  return methodCurrencyError(method, customer.currency) ? 'card' : method;
}

/** A card that succeeds for a customer: mostly one issued in their country, else a plain US card. */
export function plainCard(random: Random, customer: Customer): string {
  const local = CARDS_BY_COUNTRY[customer.country];
  if (local && random() < 0.7) return local;
  return pick(random, PLAIN_CARDS);
}

export function declineCard(random: Random): string {
  return pick(random, DECLINE_CARDS);
}
