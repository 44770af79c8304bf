/**
 * The wide pictures (1920 × 1080): the five slides of the landing hero (homes being cared for
 * through the year), the home, about and blog heroes.
 */
import { P } from '../palette';
import { distantHouses, fence, house, type HouseOptions, skyline, van } from '../parts/buildings';
import { bubbles, cloth, sponge } from '../parts/interior';
import {
  bush, cloud, fallingLeaves, flowerRow, grassTufts, hills, leafShape, snowfall, snowGround,
  sparkle, sky, sun, tree,
} from '../parts/nature';
import { local, person } from '../parts/people';
import {
  bucket, clipboard, ladder, lawnmower, paintCan, pottedPlant, sack, sprayBottle, tool, waterSpray,
} from '../parts/tools';
import {
  type Canvas, type Point, circle, d, ellipse, g, path, polygon, rect, seeded, stroke, translate,
} from '../svg';

/** Mowing stripes across a lawn, as lighter diagonal bands. */
function mowingStripes(top: number, color = '#fff', opacity = 0.07): string {
  return g(
    {},
    ...Array.from({ length: 12 }, (_, i) =>
      polygon(
        [[i * 240 - 300, 1080], [i * 240 - 60, top], [i * 240 + 60, top], [i * 240 - 180, 1080]],
        color,
        { opacity },
      ),
    ),
  );
}

function greenLawn(c: Canvas, top: number): string {
  return g(
    {},
    path(
      d('M', 0, top + 16, 'Q', 960, top - 24, 1920, top + 10, 'L', 1920, 1080, 'L', 0, 1080, 'Z'),
      c.linear([[0, P.grassLight], [0.35, P.grass], [1, P.grassDark]]),
    ),
  );
}

function mulchBed(x0: number, x1: number, y: number, depth: number): string {
  return g(
    {},
    path(
      d(
        'M', x0, y, 'Q', (x0 + x1) / 2, y - 14, x1, y, 'L', x1, y + depth, 'Q', (x0 + x1) / 2,
        y + depth + 16, x0, y + depth, 'Z',
      ),
      P.mulch,
    ),
    path(
      d(
        'M', x0, y, 'Q', (x0 + x1) / 2, y - 14, x1, y, 'L', x1, y + 8, 'Q', (x0 + x1) / 2, y - 4,
        x0, y + 8, 'Z',
      ),
      '#000',
      { opacity: 0.12 },
    ),
  );
}

/** Slide 1: summer, the front lawn being mowed in front of a two-storey home. */
export function slideMowing(c: Canvas): string {
  const home: HouseOptions = {
    x: 900,
    y: 720,
    w: 640,
    h: 420,
    roofH: 210,
    storeys: 2,
    shutters: P.brand,
    boxes: true,
    chimney: true,
    doorColor: P.coral,
  };
  const mower = { x: 640, y: 980, s: 1.7 };
  const grip: Point = [mower.x - 129 * mower.s, mower.y - 106 * mower.s];
  const worker = { x: grip[0] - 50, y: 1010, s: 3.3 };
  const hand = local(worker, grip);
  return g(
    {},
    sky(c),
    sun(1700, 170, 70),
    cloud(300, 170, 1.6),
    cloud(820, 110, 1.1),
    cloud(1300, 210, 0.9),
    hills(c, [600, 540, 580, 530, 570, 550], P.mint),
    distantHouses(60, 640, 5, 90, [P.sidingBlue, P.siding, P.sidingGreen], P.roofGrey),
    hills(c, [680, 650, 670, 640, 660], '#9fd3a0'),
    tree(760, 740, 1.5, 'tall'),
    tree(1740, 760, 1.6, 'round'),
    house(c, home),
    greenLawn(c, 720),
    mowingStripes(720),
    path(d('M', 1138, 726, 'L', 1190, 726, 'L', 1290, 1080, 'L', 1060, 1080, 'Z'), P.concrete),
    path(d('M', 1138, 726, 'L', 1150, 726, 'L', 1120, 1080, 'L', 1060, 1080, 'Z'), '#fff', {
      opacity: 0.25,
    }),
    mulchBed(880, 1126, 730, 40),
    mulchBed(1200, 1560, 730, 40),
    flowerRow(4, 900, 1110, 728, 7, 18),
    flowerRow(6, 1220, 1540, 728, 9, 18),
    bush(1600, 770, 60),
    bush(860, 770, 50),
    fence(0, 560, 770, 100),
    path(
      d(
        'M', 0, 1000, 'Q', 300, 960, grip[0] + 120, 980, 'L', mower.x + 120, 1080, 'L', 0, 1080,
        'Z',
      ),
      '#fff',
      { opacity: 0.08 },
    ),
    lawnmower(mower.x, mower.y, mower.s),
    person({
      ...worker,
      stance: 'stride',
      cap: P.brand,
      shirt: P.brand,
      bib: P.warm,
      gloves: P.warmLight,
      handL: [hand[0] - 4, hand[1] + 2],
      handR: [hand[0] + 6, hand[1] - 2],
    }),
    fallingLeaves(12, mower.x + 80, 900, mower.x + 260, 990, 14, 1.6, [
      P.grassLight, P.leaf, P.grassDark,
    ]),
    grassTufts(3, 0, 1920, 820, 1080, 60, P.grassDark, 16),
  );
}

/** Slide 2: a bungalow's siding being repainted and its fence freshened. */
export function slidePainting(c: Canvas): string {
  const home: HouseOptions = {
    x: 520,
    y: 780,
    w: 980,
    h: 380,
    roofH: 200,
    storeys: 1,
    wall: P.sidingGreen,
    roof: P.roofGrey,
    doorAt: 0.36,
    shutters: P.warm,
  };
  const oldClip = c.clip(rect(1060, 0, 900, 782, '#000'));
  const painter = { x: 1050, y: 630, s: 3.2 };
  const roller: Point = local(painter, [1064, 470]);
  const fenceWorker = { x: 560, y: 1020, s: 3.2 };
  const brushAt: Point = local(fenceWorker, [380, 890]);
  const wetClip = c.clip(rect(0, 700, 440, 260, '#000'));
  return g(
    {},
    sky(c, '#a8daf2', '#eef8fc'),
    cloud(360, 150, 1.4),
    cloud(1500, 120, 1.1),
    hills(c, [640, 600, 620, 590], P.mint),
    tree(300, 790, 1.7, 'round'),
    tree(1700, 790, 1.5, 'tall'),
    house(c, home),
    g({ 'clip-path': oldClip }, house(c, { ...home, wall: '#d8cfbf', shutters: '#b9a98c' })),
    rect(1056, 402, 14, 378, P.sidingGreen),
    greenLawn(c, 780),
    path(d('M', 860, 960, 'L', 1240, 960, 'L', 1300, 1040, 'L', 800, 1040, 'Z'), P.offWhite),
    ladder([940, 960], [1010, 600], 90, P.grey, 7),
    ladder([1130, 960], [1060, 600], 90, P.greyLight, 7),
    rect(990, 590, 90, 22, P.greyDark, { rx: 5 }),
    person({
      ...painter,
      cap: P.white,
      shirt: P.brand,
      bib: P.offWhite,
      handL: [roller[0] - 14, roller[1] + 40],
      handR: [roller[0] - 6, roller[1] + 22],
      front: tool(
        'roller', [roller[0] - 18, roller[1] + 54], roller, 3.2, P.greyDark, P.sidingGreen,
      ),
    }),
    paintCan(880, 1000, 1.1, P.sidingGreen),
    paintCan(1270, 1010, 0.9, P.white),
    fence(0, 760, 980, 130, '#c9b79c'),
    g({ 'clip-path': wetClip }, fence(0, 760, 980, 130, P.white)),
    person({
      ...fenceWorker,
      stance: 'crouch',
      cap: P.brand,
      shirt: P.coral,
      bib: P.offWhite,
      handL: [-24, -40],
      handR: [brushAt[0] + 6, brushAt[1] + 14],
      front: tool('brush', [brushAt[0] + 10, brushAt[1] + 22], brushAt, 3, P.wood, P.white),
    }),
    grassTufts(7, 0, 1920, 900, 1080, 50, P.grassDark, 16),
    flowerRow(21, 1400, 1900, 1000, 8, 20),
  );
}

/** Slide 3: a backyard deck pressure-washed back to warm wood. */
export function slideDeck(c: Canvas): string {
  const home: HouseOptions = {
    x: 260,
    y: 700,
    w: 980,
    h: 480,
    roofH: 200,
    storeys: 2,
    wall: P.sidingBlue,
    roof: P.roofGrey,
    doorAt: 0.5,
    chimney: true,
  };
  const deckTop = 720;
  const boards: string[] = [];
  for (let y = deckTop + 14; y < 860; y += 18)
    boards.push(rect(80, y, 1480, 2.5, '#000', { opacity: 0.12 }));
  const worker = { x: 1020, y: 850, s: 3.2 };
  const nozzle: Point = [1240, 820];
  const random = seeded(3);
  const grime: string[] = [];
  for (let i = 0; i < 20; i += 1)
    grime.push(
      ellipse(
        1120 + random() * 440,
        deckTop + 20 + random() * 120,
        40 + random() * 50,
        8 + random() * 8,
        '#6e6a63',
        { opacity: 0.25 },
      ),
    );
  const rails: string[] = [];
  for (let x = 100; x <= 1540; x += 36)
    rails.push(rect(x, 600, 10, 120, x > 1200 ? '#8f897f' : P.woodLight));
  return g(
    {},
    sky(c, '#9fd3ef', '#f3fbff'),
    sun(180, 150, 60),
    cloud(1480, 140, 1.3),
    tree(1440, 700, 1.8, 'tall'),
    tree(1760, 720, 1.6, 'round'),
    house(c, home),
    greenLawn(c, 860),
    rect(80, deckTop, 1480, 150, P.woodLight),
    rect(1200, deckTop, 360, 150, '#a39c90'),
    ...grime,
    ...boards,
    rect(80, 860, 1480, 30, P.woodDark),
    rect(1200, 860, 360, 30, '#7d776d'),
    ...rails,
    rect(80, 590, 1480, 16, P.wood),
    rect(1200, 590, 360, 16, '#8f897f'),
    path(
      d(
        'M', 1180, deckTop, 'Q', 1230, 800, 1190, 890, 'L', 1160, 890, 'Q', 1200, 800, 1150,
        deckTop, 'Z',
      ),
      '#fff',
      { opacity: 0.3 },
    ),
    g(
      { transform: translate(480, 820) },
      ellipse(0, 0, 120, 14, '#000', { opacity: 0.12 }),
      stroke([[0, -10], [0, -310]], P.charcoal, 8),
      path(d('M', -220, -280, 'Q', 0, -380, 220, -280, 'Z'), P.coral),
      path(d('M', -220, -280, 'Q', -110, -300, 0, -340, 'L', 0, -280, 'Z'), '#fff', {
        opacity: 0.2,
      }),
      rect(-110, -110, 220, 16, P.offWhite, { rx: 6 }),
      rect(-90, -100, 12, 100, P.offWhite),
      rect(78, -100, 12, 100, P.offWhite),
    ),
    g(
      { transform: translate(300, 840) },
      rect(-40, -80, 80, 14, P.brand, { rx: 6 }),
      rect(-40, -150, 14, 150, P.brand, { rx: 6 }),
      rect(-40, -12, 10, 12, P.brandDark),
      rect(30, -80, 10, 80, P.brandDark),
    ),
    pottedPlant(700, 850, 1.6),
    pottedPlant(160, 850, 1.3, P.warm),
    waterSpray(nozzle, [1330, 850], 50, 5),
    waterSpray(nozzle, [1360, 780], 40, 11),
    sparkle(940, 780, 24, P.white),
    sparkle(880, 820, 14, P.white),
    person({
      ...worker,
      cap: P.brand,
      shirt: P.brand,
      bib: P.warm,
      gloves: P.charcoal,
      handL: [12, -54],
      handR: [26, -44],
      front: tool('wand', [10, -60], local(worker, nozzle), 3.4, P.greyDark),
    }),
    bush(1680, 900, 70),
    flowerRow(9, 60, 900, 960, 10, 22),
    grassTufts(4, 0, 1920, 900, 1080, 40, P.grassDark, 16),
  );
}

/** Slide 4: autumn, gutters cleared from a ladder and leaves raked from the lawn. */
export function slideAutumn(c: Canvas): string {
  const home: HouseOptions = {
    x: 620,
    y: 760,
    w: 820,
    h: 440,
    roofH: 210,
    storeys: 2,
    wall: P.siding,
    roof: P.roofRed,
    doorAt: 0.4,
    shutters: P.brandDark,
    chimney: true,
  };
  const eaveY = home.y - home.h;
  const climber = { x: 1480, y: 620, s: 3.1 };
  const scoopAt: Point = local(climber, [1450, eaveY + 10]);
  const raker = { x: 440, y: 1010, s: 3.3 };
  const rakeHead: Point = local(raker, [590, 1000]);
  const leafPile = (x: number, y: number, s: number, seed: number) =>
    g(
      {},
      ellipse(x, y, 140 * s, 48 * s, P.autumn),
      ellipse(x - 20 * s, y - 22 * s, 100 * s, 36 * s, P.autumnLight),
      fallingLeaves(seed, x - 120 * s, y - 50 * s, x + 120 * s, y + 20 * s, 26, 1.7 * s),
    );
  return g(
    {},
    sky(c, '#f3c98e', '#fdf1dc'),
    sun(300, 200, 70, '#ffd98a'),
    cloud(980, 130, 1.2, P.white, 0.8),
    hills(c, [620, 580, 610, 570, 600], '#e4c58a'),
    tree(260, 800, 2, 'autumn'),
    tree(1780, 800, 1.8, 'autumn'),
    house(c, home),
    path(
      d('M', 0, 776, 'Q', 960, 736, 1920, 770, 'L', 1920, 1080, 'L', 0, 1080, 'Z'),
      c.linear([[0, '#a9c46c'], [1, '#7fa356']]),
    ),
    mowingStripes(770, '#fff', 0.05),
    ladder([1400, 1000], [1500, eaveY - 10], 90, P.grey, 11),
    person({
      ...climber,
      back: true,
      cap: P.brand,
      shirt: P.brand,
      pants: P.navy,
      gloves: P.warmLight,
      handL: [-6, -104],
      handR: [scoopAt[0] - 4, scoopAt[1] + 14],
      front: tool('scoop', [scoopAt[0] - 8, scoopAt[1] + 24], scoopAt, 3.4, P.coral),
    }),
    fallingLeaves(5, 1380, eaveY + 20, 1560, eaveY + 200, 8, 1.6),
    leafPile(760, 960, 1.3, 8),
    sack(1140, 1010, 1.6, P.sand, leafShape(0, -58, 2.4, -30, P.autumn)),
    sack(1260, 1020, 1.5, P.sand, leafShape(0, -58, 2.4, 20, P.autumnRed)),
    person({
      ...raker,
      stance: 'stride',
      cap: P.warm,
      shirt: P.brand,
      bib: P.coral,
      gloves: P.warmLight,
      handL: [rakeHead[0] * 0.25, -62],
      handR: [rakeHead[0] * 0.5, -48],
      front: tool('leaf-rake', [-6, -76], rakeHead, 3.4, P.woodDark),
    }),
    fallingLeaves(14, 0, 800, 1920, 1080, 50, 2),
    fallingLeaves(15, 0, 0, 1920, 700, 14, 2),
  );
}

/** Slide 5: a winter evening, the walk shovelled and salted before anyone goes out. */
export function slideWinter(c: Canvas): string {
  const home: HouseOptions = {
    x: 640,
    y: 740,
    w: 760,
    h: 420,
    roofH: 220,
    storeys: 2,
    wall: P.siding,
    roof: P.roofGrey,
    doorAt: 0.5,
    snow: true,
    lit: true,
    chimney: true,
    doorColor: P.terracotta,
  };
  const doorX = home.x + home.w * 0.5;
  const shoveller = { x: 900, y: 1010, s: 3.3 };
  const blade: Point = local(shoveller, [1080, 990]);
  const salter = { x: 1460, y: 960, s: 3 };
  const salt: string[] = [];
  const random = seeded(91);
  for (let i = 0; i < 70; i += 1)
    salt.push(
      circle(
        doorX - 110 + random() * 220 + (random() - 0.3) * 120 * random(),
        760 + random() * 320,
        2.6,
        P.skyBlue,
        { opacity: 0.8 },
      ),
    );
  const wreath = g(
    {},
    circle(doorX, home.y - 130, 26, 'none', { stroke: P.leafDark, 'stroke-width': 12 }),
    circle(doorX, home.y - 104, 6, P.coral),
  );
  return g(
    {},
    sky(c, '#3e4f7d', '#b3bfdc'),
    circle(1640, 170, 56, P.offWhite, { opacity: 0.95 }),
    circle(1640, 170, 90, P.offWhite, { opacity: 0.12 }),
    hills(c, [640, 600, 630, 590, 620], '#dbe6f2'),
    distantHouses(40, 700, 4, 100, [P.sidingBlue, P.siding], P.snow),
    tree(280, 780, 1.8, 'snowy-pine'),
    tree(480, 770, 1.3, 'snowy-pine'),
    tree(1700, 790, 1.9, 'snowy-pine'),
    house(c, home),
    wreath,
    snowGround(c, 740),
    path(
      d(
        'M', doorX - 90, 746, 'L', doorX + 90, 746, 'L', doorX + 260, 1080, 'L', doorX - 260, 1080,
        'Z',
      ),
      '#8a96a3',
    ),
    path(
      d(
        'M', doorX - 90, 746, 'L', doorX - 40, 746, 'L', doorX - 150, 1080, 'L', doorX - 260, 1080,
        'Z',
      ),
      '#fff',
      { opacity: 0.12 },
    ),
    ...salt,
    path(
      d(
        'M', doorX - 120, 746, 'Q', doorX - 90, 744, doorX - 92, 760, 'Q', doorX - 200, 900,
        doorX - 262, 1080, 'L', doorX - 330, 1080, 'Q', doorX - 240, 880, doorX - 120, 746, 'Z',
      ),
      P.snow,
    ),
    path(
      d(
        'M', doorX + 120, 746, 'Q', doorX + 90, 744, doorX + 92, 760, 'Q', doorX + 200, 900,
        doorX + 262, 1080, 'L', doorX + 330, 1080, 'Q', doorX + 240, 880, doorX + 120, 746, 'Z',
      ),
      P.snow,
    ),
    ellipse(1110, 1000, 90, 30, P.snow),
    ellipse(1100, 988, 60, 20, P.white),
    person({
      ...shoveller,
      stance: 'stride',
      shirt: P.coral,
      pants: P.navy,
      toque: P.brand,
      scarf: P.warm,
      gloves: P.brandDark,
      handL: [10, -56],
      handR: [24, -40],
      front: tool('snow-shovel', [0, -66], blade, 3.6, P.charcoal, P.brand),
    }),
    person({
      ...salter,
      shirt: P.brand,
      pants: P.navy,
      toque: P.coral,
      scarf: P.white,
      gloves: P.warm,
      handL: [-18, -48],
      handR: [18, -60],
      front: bucket(-22, -36, 0.2, P.skyBlue, false),
    }),
    ...Array.from({ length: 9 }, (_, i) =>
      circle(salter.x + 70 + i * 9, salter.y - 190 + i * 14 + (i % 2) * 6, 3, P.skyBlue),
    ),
    snowfall(7, c, 200, 18, 8),
  );
}

/** The home page hero: our van parked on a Toronto street, the crew heading to a front door. */
export function homeHero(c: Canvas): string {
  const street = 830;
  const houses: HouseOptions[] = [
    {
      x: 60,
      y: street,
      w: 480,
      h: 360,
      roofH: 170,
      storeys: 2,
      wall: P.sidingBlue,
      roof: P.roofGrey,
      doorAt: 0.42,
      shutters: P.navy,
      gutter: true,
    },
    {
      x: 700,
      y: street,
      w: 520,
      h: 400,
      roofH: 190,
      storeys: 2,
      wall: P.siding,
      roof: P.roofRed,
      doorAt: 0.5,
      shutters: P.brand,
      boxes: true,
      chimney: true,
      doorColor: P.coral,
    },
    {
      x: 1380,
      y: street,
      w: 480,
      h: 340,
      roofH: 170,
      storeys: 2,
      brick: true,
      roof: P.roofGrey,
      doorAt: 0.58,
      doorColor: P.navy,
    },
  ];
  const carrier = { x: 1040, y: 1000, s: 3.1 };
  const waver = { x: 640, y: 1010, s: 3.2 };
  return g(
    {},
    sky(c, '#9ed5f1', '#f5fbfe'),
    sun(1720, 150, 56),
    cloud(420, 150, 1.4),
    cloud(1180, 110, 1),
    skyline(960, 520, 1, '#c9e3f0'),
    hills(c, [560, 530, 550, 520, 545], '#cfe9d9'),
    tree(620, street + 10, 1.3, 'tall'),
    tree(1300, street + 10, 1.4, 'round'),
    ...houses.map((h) => house(c, h)),
    rect(0, street, 1920, 60, P.grass),
    flowerRow(31, 760, 1160, street + 10, 9, 16),
    flowerRow(32, 80, 500, street + 10, 8, 16),
    bush(1420, street + 40, 46),
    bush(1820, street + 40, 50),
    rect(0, street + 60, 1920, 70, P.concrete),
    ...Array.from({ length: 16 }, (_, i) =>
      rect(i * 130, street + 60, 3, 70, '#000', { opacity: 0.08 }),
    ),
    rect(0, street + 130, 1920, 12, P.greyLight),
    rect(0, street + 142, 1920, 120, P.asphalt),
    ...Array.from({ length: 10 }, (_, i) =>
      rect(i * 220 + 40, street + 200, 110, 8, P.warmLight, { rx: 4 }),
    ),
    van(1280, 1040, 1.5, true),
    person({
      ...carrier,
      stance: 'stride',
      cap: P.brand,
      shirt: P.brand,
      bib: P.warm,
      handL: [-22, -72],
      handR: [24, -46],
      front: g(
        {},
        ladder([-80, -68], [70, -74], 14, P.greyLight, 9),
        bucket(24, -30, 0.26, P.blue),
      ),
    }),
    person({
      ...waver,
      cap: P.warm,
      shirt: P.brand,
      bib: P.offWhite,
      hairStyle: 'long',
      skin: P.skin[3],
      handL: [-30, -104],
      handR: [16, -44],
      front: clipboard(24, -48, 0.15, 8),
    }),
  );
}

/** The about page hero: the city skyline behind a row of tidy gardens we look after. */
export function aboutHero(c: Canvas): string {
  const ground = 800;
  return g(
    {},
    sky(c, '#f7d7a8', '#fdf4e6'),
    sun(1500, 330, 110, '#ffd27a'),
    skyline(980, 640, 1.35, '#e8b98e'),
    skyline(700, 660, 0.9, '#d9a57c'),
    hills(c, [660, 640, 650, 630, 650], '#b7d6a2'),
    ...[0, 1, 2, 3, 4].map((i) =>
      house(c, {
        x: 40 + i * 380,
        y: ground,
        w: 300,
        h: 220 + (i % 2) * 40,
        roofH: 120,
        storeys: 1,
        wall: [P.sidingBlue, P.siding, P.sidingGreen, P.cream, P.sidingBlue][i],
        roof: i % 2 === 0 ? P.roofGrey : P.roofRed,
        doorAt: 0.5,
        gableWindow: i % 2 === 1,
        gutter: true,
      }),
    ),
    ...[340, 720, 1100, 1480].map((x, i) =>
      tree(x + 20, ground + 10, 1.2, i % 2 === 0 ? 'round' : 'tall'),
    ),
    greenLawn(c, ground),
    mowingStripes(ground),
    ...[0, 1, 2, 3, 4].map((i) =>
      flowerRow(40 + i, 40 + i * 380, 340 + i * 380, ground + 24, 6, 16),
    ),
    fence(0, 1920, ground + 90, 70, P.white, 30),
    van(1280, 1040, 1.4),
    person({
      x: 760,
      y: 1030,
      s: 3.2,
      cap: P.brand,
      shirt: P.brand,
      bib: P.warm,
      handL: [-20, -56],
      handR: [30, -100],
    }),
    person({
      x: 920,
      y: 1030,
      s: 3.1,
      hairStyle: 'bun',
      skin: P.skin[2],
      cap: P.warm,
      shirt: P.brand,
      bib: P.offWhite,
      handL: [-16, -46],
      handR: [18, -46],
    }),
    grassTufts(9, 0, 1920, 940, 1080, 40, P.grassDark, 14),
  );
}

/** The blog hero: a bright shelf and counter of cleaning supplies. */
export function blogHero(_c: Canvas): string {
  const tiles: string[] = [];
  for (let row = 0; row < 14; row += 1)
    for (let col = -1; col < 17; col += 1)
      tiles.push(
        rect(col * 120 + (row % 2) * 60 + 3, row * 52 + 3, 114, 46, '#fff', {
          rx: 6,
          opacity: 0.55,
        }),
      );
  const counter = 800;
  return g(
    {},
    rect(0, 0, 1920, 1080, P.mintPale),
    ...tiles,
    rect(200, 360, 1520, 24, P.wood, { rx: 4 }),
    rect(200, 380, 1520, 8, '#000', { opacity: 0.1 }),
    ...[[300, 360], [470, 360]].map(([x = 0, y = 0], i) =>
      g(
        {},
        rect(x - 60, y - 150, 120, 150, '#fff', { opacity: 0.6, rx: 20 }),
        rect(x - 60, y - 170, 120, 26, i === 0 ? P.brand : P.warm, { rx: 8 }),
        rect(x - 50, y - 100, 100, 96, i === 0 ? P.sand : P.warmPale, { rx: 14 }),
      ),
    ),
    pottedPlant(700, 360, 1.6),
    ...[0, 1, 2, 3].map((i) =>
      rect(
        860 + i * 70,
        360 - 60 - i * 4,
        60,
        60 + i * 4,
        [P.skyBlue, P.coral, P.warmLight, P.mint][i] ?? P.mint,
        { rx: 8 },
      ),
    ),
    ...[0, 1, 2].map((i) =>
      rect(1180, 360 - 26 - i * 26, 170, 24, [P.brandLight, P.rose, P.skyBlue][i] ?? P.mint, {
        rx: 8,
      }),
    ),
    pottedPlant(1500, 360, 1.4, P.brand),
    rect(0, counter, 1920, 280, P.woodLight),
    rect(0, counter, 1920, 24, P.wood),
    rect(0, counter + 24, 1920, 10, '#000', { opacity: 0.1 }),
    sprayBottle(420, counter + 6, 2.4, P.brandLight),
    sprayBottle(620, counter + 6, 2.1, P.skyBlue, P.white, true),
    bucket(900, counter + 6, 2.2, P.warm),
    g(
      { transform: translate(1180, counter + 6) },
      rect(-90, -70, 180, 36, P.woodDark, { rx: 14 }),
      ...Array.from({ length: 12 }, (_, i) => rect(-84 + i * 15, -36, 7, 36, P.coral, { rx: 3 })),
    ),
    sponge(1400, counter + 6, 2),
    sponge(1420, counter - 40, 2),
    cloth(1620, counter + 6, 3, P.skyBlue),
    cloth(1630, counter - 40, 3, P.rose),
    g(
      { transform: translate(200, counter + 6) },
      path(
        d(
          'M', -60, 0, 'L', -60, -120, 'Q', -60, -150, -30, -150, 'L', -10, -150, 'L', -10, -190,
          'L', 10, -190, 'L', 10, -150, 'L', 30, -150, 'Q', 60, -150, 60, -120, 'L', 60, 0, 'Z',
        ),
        P.paper,
      ),
      rect(-60, -100, 120, 60, P.brand),
      rect(-20, -200, 40, 14, P.charcoal, { rx: 4 }),
    ),
    bubbles(1000, counter - 190, 2),
    sparkle(280, 520, 34),
    sparkle(1760, 560, 28),
    sparkle(1100, 520, 20),
  );
}
