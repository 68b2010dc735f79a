/**
 * The raw material of the demo source: dropshipping niches with their products, shop-name parts,
 * ad-copy styles and localized call-to-action labels. Everything here is invented; shop domains
 * use the reserved `.example` top-level domain.
 */

export interface DemoProduct {
  name: string;
  /** The problem the ad opens with ("Tired of …?"). */
  pain: string;
  benefits: readonly [string, string, string];
  /** Price in USD; converted for the target country. */
  price: number;
  description: string;
  /** Lower-case words a keyword search matches. */
  tags: readonly string[];
}

export interface DemoNiche {
  key: string;
  pageCategories: readonly (readonly string[])[];
  /** First and second words of shop names. */
  shopHeads: readonly string[];
  shopTails: readonly string[];
  /** Share of women in the reached audience. */
  femaleShare: number;
  products: readonly DemoProduct[];
}

export const NICHES: readonly DemoNiche[] = [
  {
    key: 'pet',
    pageCategories: [['Pet Supplies'], ['Pet Store'], ['Shopping & retail']],
    shopHeads: [
      'Pawsome',
      'Happy Tails',
      'Barkley',
      'Whisker',
      'Furbaby',
      'Snout & Co',
      'Good Boy',
      'Purrfect',
    ],
    shopTails: ['Supply', 'Club', 'Goods', 'Store', 'Co', 'Outfitters'],
    femaleShare: 0.66,
    products: [
      {
        name: 'No-Pull Dog Harness',
        pain: 'your dog pulling on every single walk',
        benefits: ['stops pulling in minutes', 'padded, chafe-free fit', 'reflective straps for night walks'],
        price: 34.99,
        description: 'Adjustable no-pull harness with front and back clips',
        tags: ['dog', 'harness', 'walk', 'leash', 'puppy', 'pet'],
      },
      {
        name: 'Self-Cleaning Slicker Brush',
        pain: 'fur all over your couch and clothes',
        benefits: ['removes 95% of loose undercoat', 'one-click hair release', 'gentle on sensitive skin'],
        price: 19.99,
        description: 'Grooming brush for dogs and cats with retractable pins',
        tags: ['dog', 'cat', 'brush', 'grooming', 'fur', 'shedding', 'pet'],
      },
      {
        name: 'Interactive Laser Cat Toy',
        pain: 'a bored cat shredding your furniture',
        benefits: ['random patterns keep cats hooked', 'auto shut-off after 15 minutes', 'USB rechargeable'],
        price: 24.95,
        description: 'Automatic laser toy for indoor cats',
        tags: ['cat', 'toy', 'laser', 'kitten', 'pet'],
      },
      {
        name: 'Calming Donut Dog Bed',
        pain: 'restless nights and an anxious pup',
        benefits: ['raised rim for head support', 'vegan faux-fur that calms', 'machine washable'],
        price: 49.0,
        description: 'Orthopedic calming bed for dogs and cats',
        tags: ['dog', 'bed', 'calming', 'anxiety', 'cat', 'pet'],
      },
      {
        name: 'Portable Paw Cleaner',
        pain: 'muddy paw prints all over the floor',
        benefits: ['cleans paws in 10 seconds', 'soft silicone bristles', 'fits in any car door'],
        price: 17.99,
        description: 'Paw washer cup for dogs of every size',
        tags: ['dog', 'paw', 'cleaner', 'mud', 'pet'],
      },
      {
        name: 'Smart Pet Water Fountain',
        pain: 'a cat that barely drinks',
        benefits: ['triple filtration', 'whisper-quiet pump', '2.5 L so it lasts all week'],
        price: 39.99,
        description: 'Filtered water fountain for cats and small dogs',
        tags: ['cat', 'water', 'fountain', 'dog', 'pet'],
      },
    ],
  },
  {
    key: 'beauty',
    pageCategories: [['Health/beauty'], ['Beauty, cosmetic & personal care'], ['Skin care service']],
    shopHeads: ['Glow', 'Lumière', 'Velvet', 'Bloom', 'Dewy', 'Rosé', 'Nova', 'Pure'],
    shopTails: ['Skin', 'Beauty', 'Lab', 'Studio', 'Essentials', 'Ritual'],
    femaleShare: 0.86,
    products: [
      {
        name: 'Ice Roller Face Massager',
        pain: 'puffy eyes every single morning',
        benefits: ['de-puffs in 60 seconds', 'shrinks the look of pores', 'stays cold for 20 minutes'],
        price: 22.0,
        description: 'Stainless steel ice roller for face and eyes',
        tags: ['face', 'skin', 'roller', 'puffy', 'skincare', 'beauty'],
      },
      {
        name: 'LED Light Therapy Mask',
        pain: 'stubborn breakouts and fine lines',
        benefits: ['7 clinically studied wavelengths', '10 minutes a day', 'visible results in 4 weeks'],
        price: 129.0,
        description: 'At-home red and blue light therapy mask',
        tags: ['led', 'mask', 'skin', 'acne', 'wrinkles', 'skincare', 'beauty'],
      },
      {
        name: 'Heatless Curling Ribbon',
        pain: 'frying your hair with hot tools',
        benefits: ['bouncy curls overnight', 'zero heat damage', 'works on every hair type'],
        price: 18.5,
        description: 'Satin heatless curling rod with scrunchies',
        tags: ['hair', 'curls', 'heatless', 'curler', 'beauty'],
      },
      {
        name: 'Pore Vacuum Blackhead Remover',
        pain: 'blackheads that never seem to leave',
        benefits: ['5 suction levels', 'warm-compress mode opens pores', 'clearer skin after one use'],
        price: 29.99,
        description: 'Rechargeable pore cleanser with 4 heads',
        tags: ['pore', 'blackhead', 'skin', 'vacuum', 'skincare', 'beauty'],
      },
      {
        name: 'Silicone Scalp Massager',
        pain: 'an itchy, flaky scalp',
        benefits: ['deep-cleans every follicle', 'boosts circulation', 'feels like a spa'],
        price: 12.99,
        description: 'Shampoo brush for a healthier scalp',
        tags: ['hair', 'scalp', 'shampoo', 'massager', 'beauty'],
      },
      {
        name: 'Teeth Whitening Kit',
        pain: 'coffee and wine stains on your smile',
        benefits: ['up to 8 shades whiter', 'enamel-safe, no sensitivity', 'results in 7 days'],
        price: 39.0,
        description: 'LED whitening kit with 3 gel pens',
        tags: ['teeth', 'whitening', 'smile', 'white', 'beauty'],
      },
    ],
  },
  {
    key: 'home',
    pageCategories: [['Home Decor'], ['Home goods store'], ['Interior Design Studio']],
    shopHeads: ['Nest', 'Haven', 'Cozy', 'Oak & Ivy', 'Hygge', 'Casa', 'Lumen', 'Willow'],
    shopTails: ['Home', 'Living', 'House', 'Interiors', 'Goods', 'Decor'],
    femaleShare: 0.62,
    products: [
      {
        name: 'Sunset Projection Lamp',
        pain: 'a dull, lifeless bedroom',
        benefits: ['16 colour modes', 'golden-hour glow on demand', 'perfect for photos and reels'],
        price: 29.95,
        description: 'Rotating sunset lamp with remote',
        tags: ['lamp', 'light', 'sunset', 'decor', 'bedroom', 'home'],
      },
      {
        name: 'Cordless Wall Sconce',
        pain: 'dark corners and no electrician',
        benefits: ['installs in 2 minutes', 'rechargeable, no wiring', 'dimmable touch control'],
        price: 44.0,
        description: 'Battery-powered LED wall light, set of 2',
        tags: ['light', 'lamp', 'sconce', 'wall', 'decor', 'home'],
      },
      {
        name: 'Electric Spin Scrubber',
        pain: 'scrubbing grout on your knees',
        benefits: ['8 brush heads', '90 minutes per charge', 'reaches every corner'],
        price: 49.99,
        description: 'Cordless cleaning brush for bathroom and kitchen',
        tags: ['cleaning', 'scrubber', 'bathroom', 'brush', 'home'],
      },
      {
        name: 'Vacuum Storage Bags',
        pain: 'closets overflowing with bedding',
        benefits: ['saves 80% of space', 'no vacuum needed, hand pump included', 'airtight and reusable'],
        price: 26.0,
        description: 'Set of 8 space-saving storage bags',
        tags: ['storage', 'closet', 'organizer', 'vacuum', 'home'],
      },
      {
        name: 'Motion Sensor Closet Lights',
        pain: 'digging through a dark closet',
        benefits: ['turns on when you open the door', 'magnetic, no drilling', 'USB-C rechargeable'],
        price: 32.99,
        description: 'Stick-on LED light bars, pack of 3',
        tags: ['light', 'motion', 'closet', 'sensor', 'home'],
      },
      {
        name: 'Cooling Weighted Blanket',
        pain: 'waking up hot at 3 am',
        benefits: ['breathable bamboo cover', 'calms you to sleep faster', 'even weight, no clumping'],
        price: 89.0,
        description: 'Weighted blanket with a cooling bamboo cover',
        tags: ['blanket', 'sleep', 'cooling', 'weighted', 'bedroom', 'home'],
      },
    ],
  },
  {
    key: 'fitness',
    pageCategories: [['Sports & recreation'], ['Fitness Trainer'], ['Sporting Goods Store']],
    shopHeads: ['Iron', 'Flex', 'Peak', 'Core', 'Motion', 'Stride', 'Apex', 'Titan'],
    shopTails: ['Fitness', 'Athletics', 'Gear', 'Lab', 'Supply', 'Performance'],
    femaleShare: 0.46,
    products: [
      {
        name: 'Smart Weighted Jump Rope',
        pain: 'boring cardio that never sticks',
        benefits: ['counts jumps and calories', 'tangle-free cordless mode', 'burns more than running'],
        price: 27.99,
        description: 'Jump rope with digital counter and weighted handles',
        tags: ['jump rope', 'cardio', 'fitness', 'workout', 'rope'],
      },
      {
        name: 'Posture Corrector',
        pain: 'neck and back pain from hours at a desk',
        benefits: ['invisible under clothes', 'trains your muscles in 2 weeks', 'adjustable for every body'],
        price: 29.0,
        description: 'Breathable back brace for men and women',
        tags: ['posture', 'back', 'neck', 'corrector', 'pain', 'fitness'],
      },
      {
        name: 'Resistance Bands Set',
        pain: 'paying for a gym you never visit',
        benefits: [
          '5 levels up to 150 lb',
          'door anchor and handles included',
          'full-body workouts anywhere',
        ],
        price: 34.5,
        description: 'Stackable resistance bands with carry bag',
        tags: ['bands', 'resistance', 'workout', 'gym', 'home gym', 'fitness'],
      },
      {
        name: 'Ab Roller Wheel',
        pain: 'endless crunches with no results',
        benefits: ['auto-rebound for beginners', 'knee pad included', 'sculpts your core in 5 minutes a day'],
        price: 21.99,
        description: 'Ab wheel with spring assist and knee mat',
        tags: ['abs', 'core', 'roller', 'workout', 'fitness'],
      },
      {
        name: 'Mini Massage Gun',
        pain: 'sore muscles after leg day',
        benefits: ['fits in your pocket', '4 heads, 5 speeds', 'quiet enough for the office'],
        price: 59.0,
        description: 'Percussion massager for recovery',
        tags: ['massage', 'gun', 'recovery', 'muscles', 'fitness'],
      },
      {
        name: 'Adjustable Dumbbell',
        pain: 'a corner full of mismatched weights',
        benefits: ['5 to 52 lb in one dumbbell', 'switch weight in 2 seconds', 'replaces 15 sets'],
        price: 189.0,
        description: 'Space-saving adjustable dumbbell',
        tags: ['dumbbell', 'weights', 'gym', 'home gym', 'fitness'],
      },
    ],
  },
  {
    key: 'gadgets',
    pageCategories: [['Electronics'], ['Computers & electronics'], ['Product/service']],
    shopHeads: ['Volt', 'Gadget', 'Nexa', 'Pixel', 'Orbit', 'Smart', 'Zenith', 'Techie'],
    shopTails: ['Tech', 'Labs', 'Gadgets', 'Hub', 'Store', 'Direct'],
    femaleShare: 0.38,
    products: [
      {
        name: 'Magnetic Wireless Power Bank',
        pain: 'your phone dying at 2 pm',
        benefits: ['snaps on and charges', 'thinner than a credit card stack', 'two full charges'],
        price: 39.99,
        description: '10,000 mAh magnetic power bank',
        tags: ['power bank', 'charger', 'phone', 'wireless', 'battery', 'gadget'],
      },
      {
        name: 'Mini Portable Projector',
        pain: 'squinting at movies on a phone screen',
        benefits: ['120-inch picture on any wall', 'built-in streaming apps', 'fits in your hand'],
        price: 119.0,
        description: '1080p projector with Wi-Fi and Bluetooth',
        tags: ['projector', 'movie', 'cinema', 'gadget'],
      },
      {
        name: 'Bluetooth Tracker Tag',
        pain: 'losing your keys every morning',
        benefits: ['finds them with one tap', 'rings even on silent', 'one-year battery'],
        price: 19.99,
        description: 'Key finder that works with your phone, pack of 4',
        tags: ['tracker', 'keys', 'bluetooth', 'finder', 'gadget'],
      },
      {
        name: 'Sleep Earbuds',
        pain: 'a snoring partner and noisy neighbours',
        benefits: ['soft enough for side sleepers', 'masks noise all night', '10-hour battery'],
        price: 69.0,
        description: 'Noise-masking earbuds designed for sleep',
        tags: ['earbuds', 'sleep', 'noise', 'headphones', 'gadget'],
      },
      {
        name: '3-in-1 Charging Station',
        pain: 'a nightstand full of cables',
        benefits: ['phone, watch and earbuds at once', 'fast wireless charging', 'folds flat for travel'],
        price: 45.99,
        description: 'Foldable wireless charging stand',
        tags: ['charger', 'charging', 'phone', 'watch', 'wireless', 'gadget'],
      },
      {
        name: 'Auto-Clamp Car Phone Mount',
        pain: 'your phone flying off the dashboard',
        benefits: ['clamps automatically', 'charges while you drive', 'rock solid on bumpy roads'],
        price: 32.0,
        description: 'Wireless charging car mount with sensor',
        tags: ['car', 'phone', 'mount', 'holder', 'gadget'],
      },
    ],
  },
  {
    key: 'fashion',
    pageCategories: [['Clothing (Brand)'], ['Clothing store'], ['Jewelry/watches']],
    shopHeads: ['Maison', 'Luna', 'Ivy', 'Muse', 'Sienna', 'Urban', 'Aurora', 'Kensington'],
    shopTails: ['Boutique', 'Apparel', 'Label', 'Wear', 'Atelier', 'Collective'],
    femaleShare: 0.72,
    products: [
      {
        name: 'Seamless Shaping Bodysuit',
        pain: 'lines and bulges under your favourite outfit',
        benefits: ['snatched waist, zero seams', 'breathable all-day comfort', 'sizes XS to 4XL'],
        price: 42.0,
        description: 'Tummy-control bodysuit in 4 shades',
        tags: ['shapewear', 'bodysuit', 'faja', 'waist', 'women', 'fashion'],
      },
      {
        name: 'Polarized Aviator Sunglasses',
        pain: 'cheap sunglasses that snap in a week',
        benefits: ['titanium frame', 'UV400 polarized lenses', 'lifetime warranty'],
        price: 55.0,
        description: 'Lightweight polarized aviators',
        tags: ['sunglasses', 'polarized', 'glasses', 'men', 'fashion'],
      },
      {
        name: 'Minimalist RFID Wallet',
        pain: 'a bulky wallet ruining your pockets',
        benefits: ['holds 12 cards and cash', 'blocks card skimmers', 'slimmer than your phone'],
        price: 35.0,
        description: 'Aluminium card wallet with money clip',
        tags: ['wallet', 'rfid', 'men', 'card', 'fashion'],
      },
      {
        name: 'Wide-Leg Linen Pants',
        pain: 'sticky jeans on a hot day',
        benefits: ['100% breathable linen', 'flattering high waist', 'pockets that actually fit'],
        price: 48.0,
        description: 'Relaxed linen trousers in 6 colours',
        tags: ['pants', 'linen', 'women', 'summer', 'fashion'],
      },
      {
        name: 'Orthopedic Walking Sneakers',
        pain: 'aching feet by lunchtime',
        benefits: ['arch support podiatrists love', 'slip on in seconds', 'lighter than a tennis ball'],
        price: 69.99,
        description: 'Supportive everyday sneakers',
        tags: ['shoes', 'sneakers', 'feet', 'walking', 'orthopedic', 'fashion'],
      },
      {
        name: 'Layered Gold Necklace Set',
        pain: 'jewellery that tarnishes after one shower',
        benefits: ['18k gold plated', 'waterproof and tarnish-free', 'hypoallergenic'],
        price: 38.0,
        description: 'Three stacked necklaces, ready to gift',
        tags: ['necklace', 'jewelry', 'gold', 'women', 'gift', 'fashion'],
      },
    ],
  },
  {
    key: 'kitchen',
    pageCategories: [['Kitchen/cooking'], ['Home goods store'], ['Shopping & retail']],
    shopHeads: ['Chef', 'Whisk', 'Sage', 'Copper', 'Pantry', 'Olive', 'Basil', 'Simmer'],
    shopTails: ['Kitchen', 'Kitchenware', 'Cookware', 'Co', 'Table', 'Goods'],
    femaleShare: 0.64,
    products: [
      {
        name: 'Rechargeable Milk Frother',
        pain: 'spending $6 on every latte',
        benefits: ['café foam in 15 seconds', '3 speeds', 'USB-C, no batteries'],
        price: 24.0,
        description: 'Handheld frother for coffee and matcha',
        tags: ['coffee', 'frother', 'latte', 'milk', 'kitchen'],
      },
      {
        name: 'Vegetable Chopper Pro',
        pain: '30 minutes of chopping every night',
        benefits: ['dices a whole onion in 1 press', '8 stainless blades', 'catch tray, no mess'],
        price: 29.95,
        description: 'Multi-blade vegetable chopper and slicer',
        tags: ['chopper', 'vegetables', 'slicer', 'cooking', 'kitchen'],
      },
      {
        name: 'Ceramic Non-Stick Pan',
        pain: 'eggs glued to your frying pan',
        benefits: ['nothing sticks, ever', 'free of PFAS', 'oven safe to 550°F'],
        price: 59.0,
        description: '11-inch ceramic frying pan',
        tags: ['pan', 'cooking', 'ceramic', 'non-stick', 'kitchen'],
      },
      {
        name: 'Electric Salt & Pepper Grinder',
        pain: 'sore wrists from cranking grinders',
        benefits: ['one-hand operation', 'adjustable coarseness', 'LED light so you see how much'],
        price: 34.99,
        description: 'Rechargeable grinder set of 2',
        tags: ['grinder', 'salt', 'pepper', 'spice', 'kitchen'],
      },
      {
        name: 'Reusable Silicone Food Bags',
        pain: 'throwing away plastic bags every day',
        benefits: ['freezer, microwave and dishwasher safe', 'leak-proof seal', 'replaces 1000 bags'],
        price: 27.0,
        description: 'Set of 10 silicone storage bags',
        tags: ['silicone', 'storage', 'food', 'bags', 'kitchen'],
      },
      {
        name: 'Portable Blender',
        pain: 'skipping breakfast because there is no time',
        benefits: ['smoothies anywhere in 30 seconds', 'self-cleaning mode', '15 blends per charge'],
        price: 36.99,
        description: 'Cordless personal blender bottle',
        tags: ['blender', 'smoothie', 'juice', 'portable', 'kitchen'],
      },
    ],
  },
  {
    key: 'baby',
    pageCategories: [["Baby goods/children's goods"], ['Kids & baby store'], ['Shopping & retail']],
    shopHeads: ['Little', 'Tiny', 'Bubba', 'Sprout', 'Cuddle', 'Honey Bee', 'Lullaby', 'Pebble'],
    shopTails: ['Ones', 'Baby', 'Nursery', 'Kids', 'Co', 'Club'],
    femaleShare: 0.82,
    products: [
      {
        name: 'White Noise Sleep Soother',
        pain: 'nights of broken sleep',
        benefits: ['30 soothing sounds', 'warm night light', 'cry sensor restarts it'],
        price: 39.0,
        description: 'Portable sound machine for babies',
        tags: ['baby', 'sleep', 'white noise', 'nursery'],
      },
      {
        name: 'Silicone Suction Plate Set',
        pain: 'dinner ending up on the floor',
        benefits: ['suction that actually holds', 'BPA-free silicone', 'dishwasher safe'],
        price: 25.0,
        description: 'Plate, bowl, spoon and bib for toddlers',
        tags: ['baby', 'toddler', 'plate', 'feeding', 'bib'],
      },
      {
        name: 'Electric Baby Nail Trimmer',
        pain: 'the fear of clipping tiny fingers',
        benefits: ['no blades, no nicks', 'whisper-quiet for naps', '6 pads from newborn to adult'],
        price: 22.99,
        description: 'Gentle nail file for babies',
        tags: ['baby', 'nail', 'trimmer', 'newborn'],
      },
      {
        name: 'Portable Bottle Warmer',
        pain: 'a screaming baby and a cold bottle',
        benefits: ['perfect temperature in minutes', 'cordless for travel', 'fits most bottles'],
        price: 45.0,
        description: 'Rechargeable travel bottle warmer',
        tags: ['baby', 'bottle', 'warmer', 'feeding', 'travel'],
      },
      {
        name: 'Montessori Busy Board',
        pain: 'a toddler glued to a screen',
        benefits: ['20 real-life skills', 'solid wood, no sharp edges', 'folds for travel'],
        price: 49.99,
        description: 'Sensory activity board for ages 1–4',
        tags: ['toddler', 'toy', 'montessori', 'busy board', 'kids'],
      },
    ],
  },
  {
    key: 'wellness',
    pageCategories: [['Health & wellness website'], ['Medical & health'], ['Health/beauty']],
    shopHeads: ['Zen', 'Calm', 'Vital', 'Serene', 'Nordic', 'Healing', 'Balance', 'Soothe'],
    shopTails: ['Wellness', 'Health', 'Relief', 'Care', 'Co', 'Therapy'],
    femaleShare: 0.6,
    products: [
      {
        name: 'Acupressure Mat Set',
        pain: 'back pain that keeps you up at night',
        benefits: ['releases tension in 20 minutes', 'natural linen and coconut fibre', 'pillow included'],
        price: 44.0,
        description: 'Acupressure mat and neck pillow',
        tags: ['acupressure', 'back pain', 'relax', 'mat', 'wellness'],
      },
      {
        name: 'Heated Neck & Shoulder Massager',
        pain: 'knots in your shoulders after work',
        benefits: ['shiatsu nodes that knead deep', 'soothing heat', 'use it on the sofa or in the car'],
        price: 64.99,
        description: 'Cordless shiatsu massager with heat',
        tags: ['neck', 'massager', 'shoulder', 'heated', 'wellness', 'pain'],
      },
      {
        name: 'Red Light Therapy Wand',
        pain: 'aches that painkillers barely touch',
        benefits: ['660 nm red plus near-infrared', 'drug-free relief', '3 minutes per area'],
        price: 79.0,
        description: 'Handheld red light device',
        tags: ['red light', 'therapy', 'pain', 'recovery', 'wellness'],
      },
      {
        name: 'Mouth Tape for Better Sleep',
        pain: 'waking up with a dry mouth and snoring',
        benefits: ['trains nasal breathing', 'gentle hypoallergenic adhesive', '90 strips'],
        price: 16.99,
        description: 'Sleep strips for nasal breathing',
        tags: ['sleep', 'snoring', 'mouth tape', 'breathing', 'wellness'],
      },
      {
        name: 'Foot Massager Mat',
        pain: 'tired, swollen feet every evening',
        benefits: ['EMS pulses boost circulation', '9 modes, 15 intensities', 'folds into a drawer'],
        price: 35.0,
        description: 'EMS foot circulation massager',
        tags: ['feet', 'foot', 'massager', 'circulation', 'wellness'],
      },
    ],
  },
];

export const FIRST_NAMES = [
  'Jessica',
  'Mark',
  'Priya',
  'Tom',
  'Sofia',
  'Daniel',
  'Emma',
  'Lukas',
  'Chloé',
  'Marco',
  'Hannah',
  'Olivia',
  'Jake',
  'Amira',
  'Noah',
  'Lea',
];

export const TESTIMONIALS = [
  'I honestly did not expect it to work this well',
  'Best purchase I made all year, no exaggeration',
  'Bought one, then ordered two more as gifts',
  'My only regret is not finding it sooner',
  'I was skeptical, but the results speak for themselves',
  'Arrived in 5 days and works exactly as shown',
];

export const OFFERS = [
  'Free shipping today only',
  'Buy 2, get 1 free',
  '30-day money-back guarantee',
  'Ships free worldwide',
  'Limited stock at this price',
  'Save 50% this week',
  'Free gift with every order',
];

export const HOOKS = ['🔥', '✨', '⚡️', '😍', '🚨', '👇', '💥'];

/** CTA types with the share of ads that use them. */
export const CTA_TYPES = [
  { type: 'SHOP_NOW', weight: 62 },
  { type: 'LEARN_MORE', weight: 13 },
  { type: 'ORDER_NOW', weight: 10 },
  { type: 'GET_OFFER', weight: 8 },
  { type: 'BUY_NOW', weight: 5 },
  { type: 'SIGN_UP', weight: 2 },
] as const;

type Lang = 'en' | 'de' | 'fr' | 'es' | 'it' | 'nl' | 'pt' | 'pl' | 'sv' | 'da';

const CTA_TEXT: Record<string, Partial<Record<Lang, string>> & { en: string }> = {
  SHOP_NOW: {
    en: 'Shop now',
    de: 'Jetzt einkaufen',
    fr: 'Acheter',
    es: 'Comprar',
    it: 'Acquista ora',
    nl: 'Nu kopen',
    pt: 'Comprar agora',
    pl: 'Kup teraz',
    sv: 'Handla nu',
    da: 'Køb nu',
  },
  LEARN_MORE: {
    en: 'Learn more',
    de: 'Mehr dazu',
    fr: 'En savoir plus',
    es: 'Más información',
    it: 'Scopri di più',
    nl: 'Meer info',
    pt: 'Saiba mais',
    pl: 'Dowiedz się więcej',
    sv: 'Läs mer',
    da: 'Få flere oplysninger',
  },
  ORDER_NOW: {
    en: 'Order now',
    de: 'Jetzt bestellen',
    fr: 'Commander',
    es: 'Pedir ahora',
    it: 'Ordina ora',
    nl: 'Nu bestellen',
    pt: 'Encomendar já',
  },
  GET_OFFER: {
    en: 'Get offer',
    de: 'Angebot sichern',
    fr: "Profiter de l'offre",
    es: 'Obtener oferta',
    it: "Ottieni l'offerta",
    nl: 'Aanbieding ontvangen',
    pt: 'Obter oferta',
  },
  BUY_NOW: {
    en: 'Buy now',
    de: 'Jetzt kaufen',
    fr: 'Acheter maintenant',
    es: 'Comprar ya',
    it: 'Compra ora',
  },
  SIGN_UP: { en: 'Sign up', de: 'Registrieren', fr: "S'inscrire", es: 'Registrarte', it: 'Iscriviti' },
};

const COUNTRY_LANG: Record<string, Lang> = {
  DE: 'de',
  AT: 'de',
  FR: 'fr',
  BE: 'fr',
  ES: 'es',
  IT: 'it',
  NL: 'nl',
  PT: 'pt',
  PL: 'pl',
  SE: 'sv',
  DK: 'da',
};

/** The CTA label the Ad Library shows for a CTA type, in the target country's language. */
export function ctaText(type: string, country: string): string {
  const labels = CTA_TEXT[type] ?? CTA_TEXT.SHOP_NOW!;
  return labels[COUNTRY_LANG[country] ?? 'en'] ?? labels.en;
}

const CURRENCY: Record<string, { symbol: string; after?: boolean; rate: number; round?: boolean }> = {
  US: { symbol: '$', rate: 1 },
  CA: { symbol: 'CA$', rate: 1.37 },
  AU: { symbol: 'AU$', rate: 1.52 },
  GB: { symbol: '£', rate: 0.79 },
  PL: { symbol: ' zł', after: true, rate: 3.95, round: true },
  DK: { symbol: ' kr', after: true, rate: 6.9, round: true },
  NO: { symbol: ' kr', after: true, rate: 10.8, round: true },
  SE: { symbol: ' kr', after: true, rate: 10.5, round: true },
  RO: { symbol: ' lei', after: true, rate: 4.6, round: true },
};

/** A USD price shown in the target country's currency (euro for the euro area). */
export function formatPrice(usd: number, country: string): string {
  const c = CURRENCY[country] ?? { symbol: '€', after: true, rate: 0.92 };
  const value = c.round ? Math.round(usd * c.rate) - 1 + 0.99 : Math.round(usd * c.rate) - 0.01;
  const text = value.toFixed(2);
  if (!c.after) return `${c.symbol}${text}`;
  return c.symbol === '€' ? `${text.replace('.', ',')} €` : `${text.replace('.', ',')}${c.symbol}`;
}

/** Platform sets with the share of ads that run on them. */
export const PLATFORM_SETS = [
  { platforms: ['FACEBOOK', 'INSTAGRAM'], weight: 34 },
  { platforms: ['FACEBOOK', 'INSTAGRAM', 'AUDIENCE_NETWORK', 'MESSENGER'], weight: 30 },
  { platforms: ['FACEBOOK', 'INSTAGRAM', 'MESSENGER'], weight: 10 },
  { platforms: ['FACEBOOK', 'INSTAGRAM', 'THREADS'], weight: 6 },
  { platforms: ['INSTAGRAM'], weight: 10 },
  { platforms: ['FACEBOOK'], weight: 10 },
] as const;

/** Display formats with their shares (curious_coder's `snapshot.display_format` values). */
export const FORMATS = [
  { format: 'VIDEO', weight: 38 },
  { format: 'IMAGE', weight: 26 },
  { format: 'CAROUSEL', weight: 12 },
  { format: 'DPA', weight: 8 },
  { format: 'DCO', weight: 8 },
  { format: 'MULTI_IMAGES', weight: 8 },
] as const;

export type DemoFormat = (typeof FORMATS)[number]['format'];

export const AGE_BUCKETS = ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;
