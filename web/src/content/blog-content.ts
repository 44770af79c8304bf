/**
 * The blog (docs/product.md sections 2, 3 and 9): three static articles. 'Read more' opens the article at
 * /blogs/<slug> (docs/product.md#decisions), so each post carries its full text, not just the card's excerpt.
 */
import { team, type TeamMember } from './about-content';
import { cardImage, heroImage, type SiteImage } from './images';

/** A string is a paragraph; an array of strings is a bulleted list. */
export type ArticleBlock = string | readonly string[];

export interface ArticleSection {
  readonly heading: string;
  readonly blocks: readonly ArticleBlock[];
}

export interface BlogPost {
  /** The article's address: /blogs/<slug>. Lower case, so a case-insensitive match is simple. */
  readonly slug: string;
  readonly title: string;
  /** Calendar date of publication, 'YYYY-MM-DD'. */
  readonly date: string;
  readonly author: TeamMember;
  readonly excerpt: string;
  readonly image: SiteImage;
  /** '4 min read', worked out from the text so it stays true when the text is edited. */
  readonly readTime: string;
  readonly intro: readonly string[];
  readonly sections: readonly ArticleSection[];
}

type BlogPostText = Omit<BlogPost, 'readTime'>;

/** A comfortable pace for reading on screen. */
const WORDS_PER_MINUTE = 200;

export function articleWordCount(post: BlogPostText): number {
  const texts = [
    post.title,
    ...post.intro,
    ...post.sections.flatMap((section) => [section.heading, ...section.blocks.flat()]),
  ];
  return texts.reduce((count, text) => count + text.split(/\s+/).filter(Boolean).length, 0);
}

function withReadTime(post: BlogPostText): BlogPost {
  const minutes = Math.max(1, Math.round(articleWordCount(post) / WORDS_PER_MINUTE));
  return { ...post, readTime: `${minutes} min read` };
}

const springCleaning: BlogPostText = {
  slug: 'eco-friendly-spring-cleaning-checklist',
  title: 'Your Eco-Friendly Spring Cleaning Checklist for Toronto Homes',
  date: '2026-03-16',
  author: team.priya,
  excerpt:
    'Road salt by the door, a furnace that ran all winter and windows shut since November: a room-by-room plan to reset your home with vinegar, baking soda and a few good cloths.',
  image: cardImage(
    '/images/blog/article-1',
    'Eco-friendly cleaning supplies on a kitchen counter: a spray bottle, baking soda and microfibre cloths',
  ),
  intro: [
    'A Toronto winter is hard on a home. Road salt gets tracked across the front hall, the furnace has been moving dust around since November and the windows have not been opened in months. The good news is that a thorough spring clean does not need harsh chemicals. Our cleaning crews reset hundreds of homes every spring with a short list of gentle products, and this is the checklist they follow.',
  ],
  sections: [
    {
      heading: 'Build a simple green cleaning kit',
      blocks: [
        'Five things handle almost every job in the house:',
        [
          'White vinegar, mixed half and half with water, for glass, salt stains and limescale.',
          'Baking soda for scrubbing sinks, tubs, grout and oven doors without scratching.',
          'A mild, unscented dish soap or castile soap for anything greasy.',
          'A stack of microfibre cloths: they trap dust instead of spreading it, and go in the wash afterwards.',
          'A vacuum with a HEPA filter, so the fine dust stays in the bag and out of the air.',
        ],
        'Two rules keep this kit safe. Never mix vinegar with bleach or ammonia-based products, which releases toxic gas. And keep vinegar away from marble, granite and other natural stone, because the acid etches the surface; use warm water and a drop of dish soap there instead.',
      ],
    },
    {
      heading: 'Start at the front door',
      blocks: [
        'The white crust on your hall tiles and boot trays is road salt. Wipe it with equal parts warm water and vinegar, then rinse with plain water and dry the floor well. On sealed hardwood, wring the cloth until it is barely damp: standing water is worse for the finish than the salt. Wash the boot trays and doormats outside, and vacuum the closet floor where grit collects all winter.',
      ],
    },
    {
      heading: 'Work top to bottom, room by room',
      blocks: [
        'Dust falls, so clean each room from the ceiling down. Wipe ceiling fans, light fixtures, the tops of door frames and the tops of kitchen cabinets first, then shelves and surfaces, and leave the floors for last.',
        'In the kitchen, soak the range hood filter in very hot water with a few spoonfuls of baking soda and a squirt of dish soap, then scrub and rinse. Pull the fridge out and vacuum the coils behind or beneath it so it runs cooler. Descale the kettle by boiling vinegar and water, then boiling plain water twice.',
        'In the bathroom, a paste of baking soda and water lifts grime from grout. To clear a crusty shower head, tie a bag of vinegar around it overnight and run hot water through it in the morning.',
      ],
    },
    {
      heading: 'Let the house breathe',
      blocks: [
        'Replace the furnace filter; most need changing every one to three months, and spring is an easy date to remember. Vacuum the floor vents and return grilles, and clear lint from the dryer vent, both inside the machine and where it exits the house.',
        'While you are up on the step stool, test your alarms. Ontario requires a working smoke alarm on every storey and outside every sleeping area, and a carbon monoxide alarm outside sleeping areas if you have a fuel-burning appliance, a fireplace or an attached garage.',
      ],
    },
    {
      heading: 'Windows, screens and sills',
      blocks: [
        'Wash windows on a cloudy day; sunshine dries the solution before you can wipe it and leaves streaks. Use the vinegar mix with a drop of dish soap and finish with a dry microfibre cloth. Lift the screens out, brush them gently with soapy water and rinse them with the hose. Vacuum the tracks before wiping them, or you will just be pushing wet grit around.',
      ],
    },
    {
      heading: 'Declutter and dispose of things responsibly',
      blocks: [
        'Spring is the time to clear out the cupboard under the sink. Old paint, batteries, solvents and half-empty cleaning products do not belong in the garbage or down the drain: take them to one of the City of Toronto’s drop-off depots or a Community Environment Day. Clothes, toys and small furniture in good condition can go to a local donation centre, and the rest to the Blue Bin or the garbage as the city’s Waste Wizard directs.',
      ],
    },
    {
      heading: 'The checklist',
      blocks: [
        [
          'Salt stains cleaned from the hall floor, mats and boot trays',
          'Fans, fixtures and cabinet tops dusted',
          'Range hood filter degreased and fridge coils vacuumed',
          'Grout scrubbed and shower head descaled',
          'Furnace filter replaced and vents vacuumed',
          'Smoke and carbon monoxide alarms tested',
          'Windows, screens and tracks washed',
          'Hazardous waste set aside for a drop-off depot',
        ],
        'If you would rather spend the first warm weekend outside, book a Seasonal Cleaning visit and our crew will work through this list for you, with the same products.',
      ],
    },
  ],
};

const winterPrep: BlogPostText = {
  slug: 'prepare-garden-and-eavestroughs-for-toronto-winter',
  title: 'How to Prepare Your Garden and Eavestroughs for a Toronto Winter',
  date: '2026-10-14',
  author: team.daniel,
  excerpt:
    'Freeze–thaw cycles, heavy wet snow and ice along the roof line: what to do in the garden, on the lawn and up the ladder before the ground freezes.',
  image: cardImage(
    '/images/blog/article-2',
    'Autumn leaves being cleared from a house’s eavestrough, with a tidy garden bed below',
  ),
  intro: [
    'Toronto winters are not the coldest in Canada, but they are some of the hardest on gardens and houses. The temperature swings above and below zero dozens of times, snow arrives heavy and wet, and meltwater refreezes wherever it cannot drain. A few hours of work in October and November saves a lot of repair work in April.',
  ],
  sections: [
    {
      heading: 'Time it right',
      blocks: [
        'The first frost usually reaches the city in mid to late October, and the ground tends to freeze hard some time in December. Aim to finish planting and cutting back by mid-November. Leave the eavestroughs until most of the leaves are down, which for the maples and oaks on many Toronto streets means early to mid November.',
      ],
    },
    {
      heading: 'Put the garden beds to bed',
      blocks: [
        'You do not need to cut everything to the ground. Seed heads on coneflowers and grasses feed birds through the winter, and hollow stems shelter native bees. Do remove foliage that looked diseased this year, such as mildewed phlox or peonies with grey mould, and put it in the Green Bin rather than the compost.',
        'Plant tulips, daffodils and garlic while the soil is still workable. Stop fertilizing in late summer, since new soft growth will not survive the cold. Once the top of the soil has started to freeze, spread five to eight centimetres of shredded leaves or mulch over the beds. The point is to keep the soil frozen: repeated thawing and refreezing heaves perennials out of the ground.',
      ],
    },
    {
      heading: 'Look after the lawn',
      blocks: [
        'Keep mowing until the grass stops growing, and make the last cut a little shorter than usual, about five to six centimetres, so it does not mat under the snow. Do not let a thick layer of wet leaves sit on the lawn all winter; it smothers the grass and invites snow mould. Mow thin layers into the turf, rake the rest and put it out in paper yard waste bags on your collection day.',
      ],
    },
    {
      heading: 'Protect trees and shrubs',
      blocks: [
        'Water evergreens and anything planted this year deeply before freeze-up, because winter wind dries out needles when the roots cannot replace the water. Shrubs close to the road benefit from a burlap screen against salt spray; set it on stakes a little away from the plant rather than wrapping it tight. Tie upright cedars and junipers loosely with soft twine so heavy snow does not split them open.',
        'Save most pruning for late winter, but remove dead or broken branches that hang over the roof, the driveway or the power line to the house. Before major work on a large tree, check the City’s private tree by-law: a permit is usually needed for trees 30 cm or more in diameter.',
      ],
    },
    {
      heading: 'Clear and check the eavestroughs',
      blocks: [
        'Clogged eavestroughs overflow next to the foundation, which is one of the most common causes of wet basements in the city. In winter they also hold water that freezes into ice dams along the roof edge. Once the leaves are down:',
        [
          'Set the ladder on firm, level ground, keep three points of contact and have someone hold it. Stay well clear of the power line.',
          'Scoop out leaves and grit by hand, then flush each run with a hose and watch that the water reaches the downspout.',
          'Check the slope: an eavestrough should drop about 6 mm for every 3 m of length towards the downspout.',
          'Make sure each downspout discharges onto the lawn or a splash pad at least a couple of metres from the house, not onto the driveway or sidewalk where it will freeze.',
          'Seal leaking joints on a dry, mild day, and consider gutter guards if you live under large trees.',
        ],
      ],
    },
    {
      heading: 'Taps, hoses and the last jobs outside',
      blocks: [
        'Close the indoor shut-off valve for each outdoor tap, then open the tap outside to let it drain. Drain and coil the hoses, empty the rain barrel and turn it upside down, and bring terracotta and ceramic pots indoors before they crack. Push marker stakes along the edges of the driveway and walkways while the ground is still soft, so whoever clears the snow can see where the lawn begins.',
        'If the ladder work is not for you, our garden crews handle fall cleanups and eavestrough cleaning together, and our snow crews can take it from there until spring.',
      ],
    },
  ],
};

const pressureWashing: BlogPostText = {
  slug: 'pressure-washing-dos-and-donts-decks-driveways',
  title: 'Pressure Washing Do’s and Don’ts for Decks and Driveways',
  date: '2026-05-11',
  author: team.marco,
  excerpt:
    'The right pressure, the right nozzle and where the runoff goes: how to clean wood, composite, concrete and interlock without gouging, streaking or voiding a warranty.',
  image: cardImage(
    '/images/blog/article-3',
    'A pressure washer cleaning a stripe of grime off a wooden deck',
  ),
  intro: [
    'A pressure washer is the fastest way to strip a winter of salt, sand and green mould off a deck or driveway. It is also the fastest way to gouge soft wood, force water behind siding or wash chemicals into the storm sewer. These are the rules our exterior crews work by.',
  ],
  sections: [
    {
      heading: 'Know your pressure and your nozzles',
      blocks: [
        'More pressure is not better. As a rough guide, softwood decks such as cedar and pressure-treated pine need only 500 to 800 psi, while bare concrete can take 2,500 to 3,000 psi. Most machines come with colour-coded tips:',
        [
          'Red (0°): a pencil-thin jet. Leave it in the box; it cuts wood and skin.',
          'Yellow (15°): stubborn stains on concrete only.',
          'Green (25°): general cleaning of concrete, brick and interlock.',
          'White (40°): decks, fences, siding and windows.',
          'Black: low pressure, for applying soap.',
        ],
        'Start with the widest tip, hold the wand about 30 cm from the surface and move closer only if you need to.',
      ],
    },
    {
      heading: 'Decks: the do’s',
      blocks: [
        'Sweep the deck and clear the gaps between boards first. Wet the plants around it, or cover them, before you apply any cleaner. Choose an oxygen-based deck cleaner rather than chlorine bleach, which breaks down wood fibres and burns the lawn. Work along the length of the boards, with the grain, in smooth overlapping passes, and keep the wand moving all the time.',
        'If the wood looks fuzzy once it dries, that is raised grain; a light sanding fixes it. Give the deck at least two dry days before you apply stain or sealer.',
      ],
    },
    {
      heading: 'Decks: the don’ts',
      blocks: [
        [
          'Do not hold the spray in one spot: it leaves lines you will see every time the sun is low.',
          'Do not blast the ends of boards or the joints, where water splits the wood.',
          'Do not treat composite like wood. Many manufacturers allow only low pressure and a wide fan, and high pressure can void the warranty, so read yours first.',
          'Do not work in full midday sun with cleaner on the boards, or below freezing.',
        ],
      ],
    },
    {
      heading: 'Driveways, walkways and interlock',
      blocks: [
        'Treat oil drips with a degreaser and let it sit before you wash. A rotary surface cleaner attachment gives concrete an even finish instead of the zebra stripes a wand leaves. Interlocking pavers need a gentler touch: washing removes the sand between them, so once they are completely dry, sweep in fresh polymeric sand and mist it to set. Asphalt is softer than it looks, so keep the pressure low and avoid hot afternoons.',
        'Think about where the water goes. In Toronto, storm drains empty into local creeks and Lake Ontario without treatment, and the City’s sewer by-law prohibits washing cleaning products or other pollutants into them. Use as little cleaner as you can, choose biodegradable products and direct the runoff onto the lawn rather than into the street.',
      ],
    },
    {
      heading: 'Safety first',
      blocks: [
        'Wear eye protection and closed shoes, and never point the wand at a person or a pet: a high-pressure jet can inject water under the skin. Never use a pressure washer from a ladder, because the kickback can throw you off. Run a gas machine outdoors only, never in a garage. Plug an electric one into an outlet with a ground fault circuit interrupter, keep the connections dry and stay clear of outdoor lights, vents and the seams of siding.',
      ],
    },
    {
      heading: 'When to call a professional',
      blocks: [
        'Second-storey siding, large decks, rust or tannin stains and soft boards that might be rotting are all worth a second opinion. Our crews bring commercial surface cleaners and adjust the pressure for each surface, and if a deck needs repairs rather than a wash, we will tell you before we start.',
      ],
    },
  ],
};

/** Newest first, as the blog shows them. */
export const blogPosts: readonly BlogPost[] = [winterPrep, pressureWashing, springCleaning].map(
  withReadTime,
);

export function findBlogPost(slug: string): BlogPost | undefined {
  const wanted = slug.toLowerCase();
  return blogPosts.find((post) => post.slug === wanted);
}

export const blogPageContent = {
  heroTitle: 'Cleaning Tips & Insights',
  heroLead:
    'Practical advice from the people who clean, garden and repair Toronto homes every day: what works, what to avoid and when it is worth calling in help.',
  heroImage: heroImage(
    '/images/blog/hero',
    'A tidy Toronto home with a clean porch and a well-kept front garden',
  ),
  articlesTitle: 'Latest articles',
  readMore: 'Read more',
  byline: 'By',
  allArticles: 'All articles',
  backToArticles: 'Back to all articles',
  ctaTitle: 'Want us to take care of it?',
  ctaText:
    'Our crews do this work every day, with eco-friendly products and no hidden fees. Pick a service and a time that suits you.',
  ctaLabel: 'Book a service',
  ctaTo: '/service/service1',
} as const;
