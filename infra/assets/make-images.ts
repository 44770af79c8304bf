/**
 * Draws every picture the site shows and writes it to web/public/images: WebP at each width the
 * site asks for (web/src/content/images.ts), plus the partner logos and the placeholder as SVG.
 * Deterministic: no clock, no unseeded randomness, so a re-run rewrites the same bytes.
 *
 *   npm run images
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import sharp from 'sharp';
import { SERVICES } from '@hs/api/domain/booking/catalogue';
import { type SiteImage, avatarImage, cardImage, heroImage } from '../../web/src/content/images';
import { PARTNER_LOGOS, PLACEHOLDER } from './logos';
import { personOne, personThree, personTwo } from './scenes/avatars';
import {
  aboutHero,
  blogHero,
  homeHero,
  slideAutumn,
  slideDeck,
  slideMowing,
  slidePainting,
  slideWinter,
} from './scenes/heroes';
import {
  articleBathroom,
  articleEco,
  articleKitchen,
  promoBeforeAfter,
  promoVan,
  team,
  teaserDrainage,
  teaserExcavation,
  teaserGardenBed,
  teaserRepair,
  tileHomeCleaning,
  tileOfficeCleaning,
  whyChooseUs,
} from './scenes/pages';
import * as services from './scenes/services';
import { videoBooking, videoCarpentry, videoGarden, videoKitchen } from './scenes/videos';
import { Canvas } from './svg';

type Scene = (c: Canvas) => string;

interface Job {
  readonly image: SiteImage;
  readonly draw: Scene;
}

const PUBLIC_DIR = resolve(import.meta.dirname, '../../web/public');
const QUALITY = 72;
/** Budgets from the brief: a card or avatar under ~60 KB, the largest hero under ~120 KB. */
const BUDGET_KB = 60;
const HERO_BUDGET_KB = 120;

const SERVICE_SCENES: Readonly<Record<string, Scene>> = {
  'garden-maintenance': services.gardenMaintenance,
  'house-office-cleaning': services.houseOfficeCleaning,
  'seasonal-cleaning': services.seasonalCleaning,
  'specialized-carpentry': services.specializedCarpentry,
  painting: services.painting,
  'construction-estimate': services.constructionEstimate,
  'pressure-wash': services.pressureWash,
  'garden-backyard-design': services.gardenBackyardDesign,
  'lawn-repair': services.lawnRepair,
  'weed-control': services.weedControl,
  'snow-removal': services.snowRemoval,
  eavestrough: services.eavestrough,
};

function serviceJobs(): Job[] {
  return SERVICES.map((service) => {
    const draw = SERVICE_SCENES[service.id];
    if (draw === undefined) throw new Error(`No picture is drawn for the service '${service.id}'.`);
    return { image: cardImage(`/images/services/${service.id}`, service.title), draw };
  });
}

// The alt texts here only label the table; each page's content module writes its own.
const JOBS: readonly Job[] = [
  ...serviceJobs(),
  { image: heroImage('/images/hero/slide-1', 'Front lawn mowed'), draw: slideMowing },
  { image: heroImage('/images/hero/slide-2', 'Siding and fence painted'), draw: slidePainting },
  { image: heroImage('/images/hero/slide-3', 'Deck pressure-washed'), draw: slideDeck },
  { image: heroImage('/images/hero/slide-4', 'Gutters and leaves in autumn'), draw: slideAutumn },
  { image: heroImage('/images/hero/slide-5', 'Walk shovelled in winter'), draw: slideWinter },
  { image: heroImage('/images/home/hero-home', 'Crew and van on a street'), draw: homeHero },
  {
    image: cardImage('/images/home/tile-home-cleaning', 'Living room vacuumed'),
    draw: tileHomeCleaning,
  },
  {
    image: cardImage('/images/home/tile-office-cleaning', 'Office desks wiped'),
    draw: tileOfficeCleaning,
  },
  { image: cardImage('/images/home/why-choose-us', 'Crew, shield and stars'), draw: whyChooseUs },
  { image: heroImage('/images/about/hero', 'Skyline behind tidy gardens'), draw: aboutHero },
  { image: cardImage('/images/about/teaser-1', 'Garden bed built'), draw: teaserGardenBed },
  { image: cardImage('/images/about/teaser-2', 'Drainage cut-away'), draw: teaserDrainage },
  { image: cardImage('/images/about/teaser-3', 'Trench dug and graded'), draw: teaserExcavation },
  { image: cardImage('/images/about/teaser-4', 'Fence gate repaired'), draw: teaserRepair },
  { image: cardImage('/images/about/team', 'The crew'), draw: team },
  { image: cardImage('/images/about/promo-1', 'Van outside a home'), draw: promoVan },
  { image: cardImage('/images/about/promo-2', 'Yard before and after'), draw: promoBeforeAfter },
  { image: heroImage('/images/blog/hero', 'Cleaning supplies'), draw: blogHero },
  { image: cardImage('/images/blog/article-1', 'Kitchen counter'), draw: articleKitchen },
  { image: cardImage('/images/blog/article-2', 'Eco-friendly products'), draw: articleEco },
  { image: cardImage('/images/blog/article-3', 'Bathroom'), draw: articleBathroom },
  { image: heroImage('/images/faq/video-1', 'Booking on a laptop'), draw: videoBooking },
  { image: heroImage('/images/faq/video-2', 'Kitchen cleaning team'), draw: videoKitchen },
  { image: heroImage('/images/faq/video-3', 'Garden crew planting'), draw: videoGarden },
  { image: heroImage('/images/faq/video-4', 'Deck board repair'), draw: videoCarpentry },
  { image: avatarImage('/images/testimonials/person-1', 'Portrait'), draw: personOne },
  { image: avatarImage('/images/testimonials/person-2', 'Portrait'), draw: personTwo },
  { image: avatarImage('/images/testimonials/person-3', 'Portrait'), draw: personThree },
];

interface Written {
  readonly file: string;
  readonly size: string;
  readonly bytes: number;
  readonly budgetKb: number;
}

async function write(file: string, data: Buffer | string): Promise<number> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, data);
  return (await stat(file)).size;
}

async function renderJob(job: Job, index: number): Promise<Written[]> {
  const { image } = job;
  const canvas = new Canvas(image.width, image.height);
  const body = job.draw(canvas);
  const written: Written[] = [];
  for (const width of image.widths) {
    const height = Math.round((width * image.height) / image.width);
    const file = join(PUBLIC_DIR, `${image.base}-${String(width)}.webp`);
    // Drawn at the target size rather than scaled down, so thin lines stay crisp at every width.
    const webp = await sharp(Buffer.from(canvas.document(body, width, height)))
      .resize(width, height)
      .webp({ quality: QUALITY, effort: 6 })
      .toBuffer();
    const bytes = await write(file, webp);
    const hero = image.width === 1920 && width === 1920;
    written.push({
      file,
      size: `${String(width)}x${String(height)}`,
      bytes,
      budgetKb: hero ? HERO_BUDGET_KB : BUDGET_KB,
    });
  }
  console.log(
    `[${String(index + 1).padStart(2)}/${String(JOBS.length)}] ${image.base} (${image.widths.join(', ')} px)`,
  );
  return written;
}

function row(cells: readonly string[], widths: readonly number[]): string {
  return cells
    .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
    .join('  ');
}

async function main(): Promise<void> {
  console.log(
    `Drawing ${String(JOBS.length)} pictures into ${relative(process.cwd(), PUBLIC_DIR) || '.'}/images ...`,
  );
  const written: Written[] = [];
  for (const [index, job] of JOBS.entries()) written.push(...(await renderJob(job, index)));

  console.log('Writing the partner logos and the placeholder ...');
  for (const { file, svg } of PARTNER_LOGOS) {
    const path = join(PUBLIC_DIR, 'images/partners', file);
    written.push({
      file: path,
      size: 'svg',
      bytes: await write(path, `${svg}\n`),
      budgetKb: BUDGET_KB,
    });
  }
  const placeholder = join(PUBLIC_DIR, 'images/placeholder.svg');
  written.push({
    file: placeholder,
    size: 'svg',
    bytes: await write(placeholder, `${PLACEHOLDER}\n`),
    budgetKb: BUDGET_KB,
  });

  const widths = [Math.max(...written.map((w) => relative(PUBLIC_DIR, w.file).length)), 9, 9];
  console.log();
  console.log(row(['file (web/public/)', 'size', 'KB'], widths));
  let total = 0;
  const over: string[] = [];
  for (const w of written) {
    total += w.bytes;
    const name = relative(PUBLIC_DIR, w.file);
    const kb = w.bytes / 1024;
    if (kb > w.budgetKb) over.push(`${name} (${kb.toFixed(1)} KB > ${String(w.budgetKb)} KB)`);
    console.log(row([name, w.size, kb.toFixed(1)], widths));
  }
  console.log(
    `\n${String(written.length)} files, ${(total / 1024 / 1024).toFixed(2)} MB in total.`,
  );
  if (over.length > 0) console.log(`Over budget:\n  ${over.join('\n  ')}`);
}

await main();
