/**
 * Card pictures (960 × 720) of the home, about and blog pages.
 */
import { P } from '../palette';
import { boardFence, house, skyline, van, windowPane } from '../parts/buildings';
import {
  bubbles, cloth, desk, interiorWindow, monitor, sofa, sponge, wallArt,
} from '../parts/interior';
import {
  bush, cloud, fallingLeaves, flower, flowerRow, grassTufts, hills, lawn, leafShape, sparkle, sky,
  sun, tree,
} from '../parts/nature';
import { local, person, type PersonOptions } from '../parts/people';
import {
  bucket, drill, excavator, hardHat, pottedPlant, sprayBottle, tool, toolbox, wheelbarrow,
} from '../parts/tools';
import {
  type Canvas, type Point, circle, d, ellipse, g, path, polygon, rect, seeded, stroke, translate,
} from '../svg';

export function tileHomeCleaning(c: Canvas): string {
  const worker = { x: 400, y: 680, s: 2.8 };
  const nozzle: Point = local(worker, [500, 646]);
  return g(
    {},
    rect(0, 0, 960, 520, P.warmPale),
    rect(0, 520, 960, 200, c.linear([[0, P.woodLight], [1, P.wood]])),
    rect(0, 504, 960, 18, P.white),
    interiorWindow(c, 640, 110, 200, 240, P.mint),
    wallArt(c, 150, 130, 170, 120),
    g(
      { transform: translate(120, 520) },
      rect(-6, -230, 12, 230, P.charcoal),
      path(d('M', -50, -230, 'L', 50, -230, 'L', 34, -300, 'L', -34, -300, 'Z'), P.warmLight),
      ellipse(0, 0, 40, 8, P.charcoal),
    ),
    sofa(220, 520, 300, P.coral, P.mint),
    ellipse(560, 640, 340, 62, P.mint),
    ellipse(560, 640, 300, 50, 'none', {
      stroke: '#fff',
      'stroke-width': 6,
      'stroke-dasharray': '20 14',
      opacity: 0.6,
    }),
    path(d('M', 420, 620, 'L', 700, 620, 'L', 720, 660, 'L', 400, 660, 'Z'), '#fff', {
      opacity: 0.18,
    }),
    pottedPlant(880, 560, 1.3),
    person({
      ...worker,
      stance: 'stride',
      cap: P.brand,
      shirt: P.brand,
      bib: P.skyBlue,
      handL: [nozzle[0] * 0.28, -64],
      handR: [nozzle[0] * 0.42, -52],
      front: tool('vacuum', [0, -74], nozzle, 3, P.greyDark, P.coral),
    }),
    sparkle(640, 600, 20, P.white),
    sparkle(690, 640, 12, P.white),
    sparkle(760, 610, 16, P.white),
    bucket(840, 700, 1.1, P.blue),
  );
}

export function tileOfficeCleaning(c: Canvas): string {
  const worker = { x: 520, y: 690, s: 2.8 };
  return g(
    {},
    rect(0, 0, 960, 540, P.greyPale),
    rect(60, 50, 840, 330, c.linear([[0, '#bfe3f5'], [1, '#eef8fc']])),
    skyline(480, 380, 0.9, '#b6d3e3'),
    ...[60, 270, 480, 690, 900].map((x) => rect(x - 6, 50, 12, 330, P.greyDark)),
    rect(54, 44, 852, 12, P.greyDark),
    rect(54, 374, 852, 14, P.greyDark),
    rect(0, 540, 960, 180, c.linear([[0, '#b9c3cb'], [1, '#9ca8b2']])),
    desk(60, 440, 500),
    monitor(170, 496, 130),
    monitor(330, 496, 110, P.warmPale),
    rect(200, 476, 90, 18, P.charcoal, { rx: 4 }),
    g(
      { transform: translate(250, 690) },
      rect(-60, -160, 120, 110, P.brand, { rx: 20 }),
      rect(-70, -70, 140, 26, P.brandDark, { rx: 12 }),
      rect(-5, -44, 10, 36, P.charcoal),
      stroke([[-50, -6], [50, -6]], P.charcoal, 8),
      circle(-50, 0, 7, P.charcoal),
      circle(50, 0, 7, P.charcoal),
    ),
    desk(620, 940, 500),
    monitor(790, 496, 130),
    pottedPlant(680, 496, 0.8),
    person({
      ...worker,
      cap: P.brand,
      shirt: P.brand,
      bib: P.skyBlue,
      gloves: P.warmLight,
      handL: [-24, -56],
      handR: [30, -66],
      front: g({}, sprayBottle(-26, -40, 0.2, P.brandLight), cloth(34, -62, 0.4, P.warmLight)),
    }),
    sparkle(660, 460, 18, P.warm),
    sparkle(700, 430, 10, P.warm),
    g(
      { transform: translate(860, 700) },
      path(d('M', -40, -100, 'L', 40, -100, 'L', 32, 0, 'L', -32, 0, 'Z'), P.greyDark),
      rect(-44, -106, 88, 12, P.charcoal, { rx: 4 }),
    ),
    pottedPlant(60, 700, 1.4, P.offWhite),
  );
}

function star(cx: number, cy: number, r: number, color: string): string {
  const points: Point[] = [];
  for (let i = 0; i < 10; i += 1) {
    const a = (i * Math.PI) / 5 - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * 0.45;
    points.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr]);
  }
  return polygon(points, color, {
    'stroke-linejoin': 'round',
    stroke: color,
    'stroke-width': r * 0.12,
  });
}

const crew: readonly Omit<PersonOptions, 'x' | 'y' | 's'>[] = [
  { cap: P.brand, shirt: P.brand, bib: P.warm, skin: P.skin[1] },
  { hairStyle: 'long', skin: P.skin[3], shirt: P.brand, bib: P.offWhite, hair: P.hair[0] },
  { hairStyle: 'curly', skin: P.skin[4], shirt: P.brand, bib: P.skyBlue, hair: P.hair[5] },
  { hairStyle: 'bun', skin: P.skin[0], shirt: P.brand, bib: P.coral, hair: P.hair[3] },
  { cap: P.warm, skin: P.skin[2], shirt: P.brand, bib: P.mint, hair: P.hair[1] },
];

export function whyChooseUs(c: Canvas): string {
  return g(
    {},
    rect(0, 0, 960, 720, c.linear([[0, P.mintPale], [1, P.mint]], 0, 0, 1, 1)),
    circle(120, 120, 160, '#fff', { opacity: 0.35 }),
    circle(860, 600, 200, '#fff', { opacity: 0.25 }),
    path(
      d('M', 480, 60, 'L', 660, 114, 'Q', 670, 340, 480, 470, 'Q', 290, 340, 300, 114, 'Z'),
      P.brand,
    ),
    path(d('M', 480, 88, 'L', 632, 134, 'Q', 636, 330, 480, 438, 'Z'), '#000', { opacity: 0.12 }),
    stroke([[410, 262], [462, 314], [562, 200]], P.white, 30),
    ...[0, 1, 2, 3, 4].map((i) => star(360 + i * 60, 560, 24, P.warm)),
    ellipse(480, 690, 440, 26, '#000', { opacity: 0.1 }),
    person({ x: 110, y: 690, s: 2.4, ...crew[1], handL: [-16, -40], handR: [24, -100] }),
    person({ x: 850, y: 690, s: 2.4, ...crew[0], handL: [-22, -98], handR: [16, -42] }),
    person({ x: 720, y: 700, s: 2.2, ...crew[2], handL: [-18, -48], handR: [18, -48] }),
    person({ x: 250, y: 700, s: 2.2, ...crew[3], handL: [-18, -48], handR: [18, -48] }),
    sparkle(140, 260, 26, P.white),
    sparkle(830, 220, 20, P.white),
  );
}

/** About teaser 1: landscaping and garden bed construction. */
export function teaserGardenBed(c: Canvas): string {
  const worker = { x: 240, y: 660, s: 2.7 };
  const blade: Point = local(worker, [340, 610]);
  return g(
    {},
    sky(c),
    sun(820, 100, 42),
    cloud(300, 100, 1),
    boardFence(0, 960, 400, 130),
    lawn(c, 400),
    path(d('M', 380, 470, 'L', 900, 470, 'L', 940, 560, 'L', 340, 560, 'Z'), P.soilDark),
    path(d('M', 340, 560, 'L', 940, 560, 'L', 940, 620, 'L', 340, 620, 'Z'), P.wood),
    path(d('M', 340, 560, 'L', 940, 560, 'L', 940, 574, 'L', 340, 574, 'Z'), P.woodLight),
    rect(340, 590, 600, 3, P.woodDark),
    path(d('M', 340, 560, 'L', 380, 470, 'L', 380, 480, 'L', 352, 560, 'Z'), P.woodDark),
    path(d('M', 400, 500, 'Q', 640, 470, 900, 500, 'L', 920, 556, 'L', 360, 556, 'Z'), P.soil),
    ...[460, 560, 660, 760, 850].map((x, i) =>
      i % 2 === 0
        ? bush(x, 530, 28)
        : flower(x, 500, 18, [P.coral, P.warmLight, P.rose][i % 3] ?? P.coral),
    ),
    pottedPlant(520, 690, 0.9, P.greyDark),
    pottedPlant(620, 700, 1, P.greyDark, P.grassLight),
    pottedPlant(720, 690, 0.85, P.greyDark),
    wheelbarrow(910, 690, 1, P.soil, P.soilDark),
    person({
      ...worker,
      stance: 'stride',
      cap: P.brand,
      shirt: P.brand,
      bib: P.warm,
      gloves: P.warmLight,
      handL: [blade[0] * 0.2, -68],
      handR: [blade[0] * 0.5, -44],
      front: tool('shovel', [-4, -80], blade, 3.4),
    }),
    ellipse(360, 640, 60, 16, P.soil),
    grassTufts(6, 0, 960, 600, 720, 24),
  );
}

/** About teaser 2: water leakage repair and drainage, as a friendly cut-away. */
export function teaserDrainage(c: Canvas): string {
  const drops: string[] = [];
  const random = seeded(19);
  for (let i = 0; i < 40; i += 1) {
    const x = random() * 960;
    const y = random() * 330;
    drops.push(stroke([[x, y], [x - 6, y + 18]], P.skyBlue, 3.5, { opacity: 0.7 }));
  }
  const gravel: string[] = [];
  for (let i = 0; i < 80; i += 1)
    gravel.push(
      circle(
        380 + random() * 560, 520 + random() * 120, 5 + random() * 6,
        [P.grey, P.concrete, P.greyLight][i % 3] ?? P.grey,
      ),
    );
  return g(
    {},
    sky(c, '#9fb7c9', '#dce8f0'),
    cloud(200, 70, 1.4, '#eef3f7'),
    cloud(720, 50, 1.2, '#eef3f7'),
    ...drops,
    rect(0, 100, 300, 300, P.siding),
    polygon([[-20, 110], [160, 20], [330, 110]], P.roofGrey),
    rect(-20, 104, 350, 14, P.greyLight, { rx: 5 }),
    windowPane(c, 60, 180, 110, 120),
    rect(0, 400, 960, 40, P.grass),
    rect(0, 440, 960, 280, P.soil),
    ...Array.from({ length: 8 }, (_, i) =>
      ellipse(60 + i * 130, 480 + (i % 3) * 70, 26, 8, P.soilDark, { opacity: 0.4 }),
    ),
    rect(0, 400, 250, 320, P.concrete),
    rect(0, 400, 250, 320, '#000', { opacity: 0.04 }),
    rect(236, 400, 14, 320, '#000', { opacity: 0.08 }),
    path(d('M', 380, 440, 'L', 960, 440, 'L', 960, 680, 'L', 400, 680, 'Z'), P.sand),
    ...gravel,
    rect(270, 116, 26, 340, P.greyLight),
    rect(284, 116, 12, 340, '#000', { opacity: 0.08 }),
    path(
      d(
        'M', 270, 440, 'L', 296, 440, 'L', 296, 560, 'L', 380, 560, 'L', 380, 600, 'L', 270, 600,
        'Z',
      ),
      P.white,
    ),
    rect(370, 560, 590, 44, P.white, { rx: 22 }),
    ...Array.from({ length: 13 }, (_, i) => circle(420 + i * 42, 582, 5, P.greyLight)),
    ...[300, 330, 360].map((y) =>
      path(d('M', 283, y, 'l', 0, 30, 'l', -7, -7, 'm', 7, 7, 'l', 7, -7), 'none', {
        stroke: P.blue,
        'stroke-width': 4,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
        opacity: 0.9,
      }),
    ),
    ...[500, 660, 820].map((x) =>
      path(d('M', x, 490, 'l', 0, 40, 'l', -8, -8, 'm', 8, 8, 'l', 8, -8), 'none', {
        stroke: P.blue,
        'stroke-width': 5,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      }),
    ),
    path(d('M', 820, 640, 'l', 90, 0, 'l', -14, -12, 'm', 14, 12, 'l', -14, 12), 'none', {
      stroke: P.blue,
      'stroke-width': 6,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }),
    circle(120, 560, 52, P.white, { opacity: 0.92 }),
    stroke([[94, 560], [114, 580], [148, 542]], P.brand, 11),
  );
}

/** About teaser 3: excavation, soil grading and trench work. */
export function teaserExcavation(c: Canvas): string {
  const stakes = [200, 440, 680, 920].map((x) =>
    g({}, rect(x - 5, 470, 10, 80, P.woodLight), rect(x - 5, 470, 10, 14, P.coral)),
  );
  return g(
    {},
    sky(c, '#a8d8f0', '#f4fbfe'),
    sun(140, 100, 44),
    cloud(560, 90, 1),
    hills(c, [380, 350, 370, 340], P.mint),
    rect(0, 440, 960, 280, c.linear([[0, '#a5c37a'], [1, '#86a661']])),
    path(d('M', 0, 560, 'L', 960, 540, 'L', 960, 600, 'L', 0, 620, 'Z'), P.soilDark),
    path(d('M', 0, 560, 'L', 960, 540, 'L', 960, 552, 'L', 0, 572, 'Z'), '#000', { opacity: 0.2 }),
    path(d('M', 20, 500, 'Q', 120, 400, 260, 500, 'Z'), P.soil),
    path(d('M', 60, 500, 'Q', 130, 440, 200, 480, 'L', 220, 500, 'Z'), '#8d6446'),
    ...stakes,
    stroke([[200, 486], [920, 486]], P.warm, 2.5),
    excavator(620, 500, 1.25),
    g(
      { transform: translate(300, 640) },
      rect(-90, -18, 180, 22, P.warm, { rx: 5 }),
      rect(-20, -14, 40, 14, P.mint, { rx: 4 }),
      circle(0, -7, 5, P.brandLight),
    ),
    hardHat(820, 680, 1),
    person({
      x: 150,
      y: 700,
      s: 2.5,
      cap: P.warm,
      shirt: P.brand,
      bib: P.warm,
      handL: [-18, -46],
      handR: [26, -96],
    }),
    grassTufts(4, 0, 960, 630, 720, 20, P.grassDark),
  );
}

/** About teaser 4: general outdoor repairs: a fence gate fixed with a drill. */
export function teaserRepair(c: Canvas): string {
  const worker = { x: 560, y: 690, s: 2.8 };
  const gate = g(
    {},
    rect(430, 300, 20, 380, P.woodDark),
    rect(720, 300, 20, 380, P.woodDark),
    ...Array.from({ length: 8 }, (_, i) =>
      rect(452 + i * 33.5, 330, 30, 330, i === 5 ? P.woodLight : P.wood, { rx: 3 }),
    ),
    rect(452, 380, 266, 20, P.woodDark),
    rect(452, 590, 266, 20, P.woodDark),
    rect(458, 620, 30, 12, P.charcoal, { rx: 3 }),
  );
  return g(
    {},
    sky(c),
    cloud(180, 90, 1.1),
    sun(800, 100, 40),
    tree(140, 440, 1.1, 'round'),
    boardFence(0, 430, 680, 330, P.wood),
    boardFence(740, 960, 680, 330, P.wood),
    gate,
    lawn(c, 660),
    person({
      ...worker,
      cap: P.brand,
      shirt: P.brand,
      bib: P.warm,
      gloves: P.warmLight,
      handL: [-22, -64],
      handR: [-8, -56],
      front: drill(-14, -62, 0.3, 180),
    }),
    toolbox(260, 700, 1),
    g(
      { transform: translate(820, 700, 1, -8) },
      rect(-80, -20, 160, 18, P.woodLight, { rx: 3 }),
      rect(-70, -40, 150, 18, P.wood, { rx: 3 }),
    ),
    flowerRow(12, 780, 940, 640, 4, 14),
  );
}

export function team(c: Canvas): string {
  const people = [
    { x: 180, y: 690, s: 2.5, ...crew[0], handL: [-16, -44], handR: [16, -44] },
    { x: 370, y: 680, s: 2.6, ...crew[1], handL: [-22, -96], handR: [16, -44] },
    { x: 580, y: 680, s: 2.6, ...crew[2], handL: [-16, -44], handR: [16, -44] },
    { x: 780, y: 690, s: 2.5, ...crew[3], handL: [-16, -44], handR: [24, -98] },
  ] as const;
  return g(
    {},
    sky(c, '#bfe6f5', '#f7fcfe'),
    cloud(180, 90, 1.1),
    cloud(760, 70, 0.8),
    house(c, {
      x: 260,
      y: 470,
      w: 440,
      h: 280,
      roofH: 140,
      storeys: 2,
      wall: P.siding,
      roof: P.roofGrey,
      shutters: P.brand,
      boxes: true,
    }),
    tree(120, 480, 1, 'round'),
    tree(860, 480, 1.05, 'tall'),
    lawn(c, 470),
    flowerRow(7, 40, 920, 500, 14, 14),
    ...people.map((p) => person(p)),
    grassTufts(21, 0, 960, 620, 720, 20),
  );
}

/** Promo 1: on our way, the van with its ladder outside a client's home. */
export function promoVan(c: Canvas): string {
  return g(
    {},
    sky(c, '#9fd3ef', '#eef9fd'),
    sun(150, 110, 44),
    cloud(680, 90, 1),
    house(c, {
      x: 420,
      y: 480,
      w: 440,
      h: 300,
      roofH: 150,
      storeys: 2,
      wall: P.sidingBlue,
      roof: P.roofGrey,
      doorAt: 0.5,
      shutters: P.navy,
      boxes: true,
    }),
    tree(300, 490, 1.2, 'round'),
    rect(0, 480, 960, 50, P.grass),
    rect(0, 530, 960, 40, P.concrete),
    rect(0, 570, 960, 150, P.asphalt),
    ...[0, 1, 2, 3, 4].map((i) => rect(i * 220 + 30, 640, 110, 8, P.warmLight, { rx: 4 })),
    van(80, 660, 1.55, true),
    person({
      x: 720,
      y: 620,
      s: 2.3,
      stance: 'stride',
      cap: P.brand,
      shirt: P.brand,
      bib: P.warm,
      handL: [-18, -48],
      handR: [22, -36],
      front: toolbox(30, -20, 0.22),
    }),
    flowerRow(11, 460, 860, 500, 10, 13),
  );
}

/** Promo 2: before and after, an overgrown yard made neat. */
export function promoBeforeAfter(c: Canvas): string {
  const beforeClip = c.clip(rect(0, 0, 480, 720, '#000'));
  const afterClip = c.clip(rect(480, 0, 480, 720, '#000'));
  const random = seeded(61);
  const weeds: string[] = [];
  for (let i = 0; i < 70; i += 1) {
    const x = random() * 500;
    const y = 440 + random() * 280;
    const h = 20 + random() * 50;
    weeds.push(
      path(
        d(
          'M', x - 6, y, 'Q', x - 10, y - h * 0.6, x - 16, y - h, 'M', x, y, 'Q', x + 2,
          y - h * 0.7, x + 6, y - h * 1.1, 'M', x + 6, y, 'Q', x + 12, y - h * 0.5, x + 18,
          y - h * 0.8,
        ),
        'none',
        {
          stroke: i % 3 === 0 ? '#8a9a4e' : '#6f8a3f',
          'stroke-width': 4,
          'stroke-linecap': 'round',
        },
      ),
    );
  }
  const dandelions: string[] = [];
  for (let i = 0; i < 12; i += 1)
    dandelions.push(circle(random() * 460, 470 + random() * 230, 8, P.warmLight));
  const scene = (neat: boolean) =>
    g(
      {},
      sky(c, neat ? P.skyTop : '#b9c8cf', neat ? P.skyBottom : '#e6ebed'),
      house(c, {
        x: 240,
        y: 440,
        w: 480,
        h: 260,
        roofH: 130,
        storeys: 1,
        wall: neat ? P.siding : '#d9d0bf',
        roof: neat ? P.roofRed : '#8c6a60',
        doorAt: 0.5,
        shutters: neat ? P.brand : '#7c8a80',
      }),
      rect(0, 440, 960, 280, neat ? P.grass : '#9aa864'),
      neat
        ? g(
            {},
            path(d('M', 0, 720, 'L', 0, 560, 'L', 960, 540, 'L', 960, 720, 'Z'), '#fff', {
              opacity: 0.05,
            }),
            path(d('M', 440, 446, 'L', 520, 446, 'L', 600, 720, 'L', 360, 720, 'Z'), P.concrete),
            flowerRow(2, 500, 940, 470, 9, 16),
            bush(560, 480, 30),
            bush(900, 490, 36),
            tree(860, 450, 0.8, 'round'),
          )
        : g(
            {},
            path(d('M', 440, 446, 'L', 520, 446, 'L', 600, 720, 'L', 360, 720, 'Z'), '#a8a49a'),
            ...weeds,
            ...dandelions,
            tree(100, 450, 0.9, 'bare'),
            fallingLeaves(8, 0, 460, 480, 700, 20, 1.6, ['#9b7a4a', '#7d6a3a']),
          ),
    );
  return g(
    {},
    g({ 'clip-path': beforeClip }, scene(false)),
    g({ 'clip-path': afterClip }, scene(true)),
    rect(474, 0, 12, 720, P.white),
    circle(480, 360, 44, P.white),
    path(
      d('M', 462, 344, 'L', 446, 360, 'L', 462, 376, 'M', 498, 344, 'L', 514, 360, 'L', 498, 376),
      'none',
      { stroke: P.brand, 'stroke-width': 8, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' },
    ),
    rect(30, 30, 150, 50, P.charcoal, { rx: 25, opacity: 0.75 }),
    rect(780, 30, 150, 50, P.brand, { rx: 25 }),
    path(d('M', 72, 55, 'l', 66, 0), 'none', {
      stroke: P.white,
      'stroke-width': 8,
      'stroke-linecap': 'round',
      opacity: 0.8,
    }),
    sparkle(855, 55, 16, P.white),
    sparkle(820, 55, 9, P.white),
    sparkle(890, 55, 9, P.white),
    sparkle(760, 180, 24, P.white),
    sparkle(620, 260, 16, P.white),
  );
}

/** Blog article 1: a kitchen counter and sink wiped to a shine. */
export function articleKitchen(c: Canvas): string {
  const tiles: string[] = [];
  for (let row = 0; row < 6; row += 1)
    for (let col = 0; col < 12; col += 1)
      tiles.push(
        rect(col * 84 + (row % 2) * 42 - 42 + 2, 220 + row * 40 + 2, 80, 36, '#fff', {
          rx: 4,
          opacity: 0.6,
        }),
      );
  return g(
    {},
    rect(0, 0, 960, 720, P.mintPale),
    rect(0, 0, 960, 200, P.offWhite),
    ...[0, 1, 2, 3].map((i) =>
      g(
        {},
        rect(20 + i * 235, 10, 220, 180, P.brandMid, { rx: 8 }),
        rect(36 + i * 235, 26, 188, 148, '#fff', { opacity: 0.1, rx: 6 }),
        rect(110 + i * 235, 150, 40, 8, P.warmLight, { rx: 4 }),
      ),
    ),
    rect(0, 200, 960, 10, '#000', { opacity: 0.08 }),
    ...tiles,
    interiorWindow(c, 560, 250, 220, 150, P.warmPale),
    rect(0, 460, 960, 36, P.offWhite),
    rect(0, 492, 960, 228, P.brandMid),
    ...[0, 1, 2, 3].map((i) =>
      g(
        {},
        rect(20 + i * 235, 520, 220, 190, '#fff', { opacity: 0.1, rx: 8 }),
        rect(110 + i * 235, 540, 40, 8, P.warmLight, { rx: 4 }),
      ),
    ),
    rect(460, 462, 300, 22, P.greyLight, { rx: 8 }),
    rect(480, 466, 260, 14, P.grey, { rx: 6 }),
    g(
      { transform: translate(610, 462) },
      rect(-8, -120, 16, 120, P.greyLight, { rx: 4 }),
      path(
        d(
          'M', -8, -120, 'Q', -8, -150, 30, -150, 'L', 70, -150, 'L', 70, -130, 'L', 30, -130, 'Q',
          12, -130, 12, -110, 'L', -8, -110, 'Z',
        ),
        P.greyLight,
      ),
      rect(-30, -20, 12, 20, P.grey, { rx: 3 }),
      rect(18, -20, 12, 20, P.grey, { rx: 3 }),
    ),
    circle(200, 446, 30, P.warmLight),
    path(d('M', 240, 460, 'A', 30, 30, 0, 0, 1, 300, 460, 'Z'), P.warmLight),
    path(d('M', 246, 460, 'A', 24, 24, 0, 0, 1, 294, 460, 'Z'), '#fff6c8'),
    sprayBottle(100, 462, 1.5, P.warmLight, P.white),
    sponge(380, 462, 1.2),
    pottedPlant(880, 462, 1.1),
    bubbles(420, 410, 1),
    sparkle(520, 420, 26, P.white),
    sparkle(700, 400, 18, P.white),
    sparkle(320, 300, 20, P.warm),
  );
}

/** Blog article 2: eco-friendly products on a shelf: vinegar, baking soda, lemons and labels. */
export function articleEco(c: Canvas): string {
  const bottle = (x: number, h: number, color: string) =>
    g(
      {},
      rect(x - 30, 470 - h, 60, h, color, { rx: 16 }),
      rect(x - 12, 470 - h - 40, 24, 44, color, { rx: 6 }),
      rect(x - 14, 470 - h - 52, 28, 16, P.woodDark, { rx: 4 }),
      rect(x - 24, 470 - h * 0.7, 48, h * 0.42, P.paper, { rx: 6 }),
      leafShape(x, 470 - h * 0.5, 1.5, -40, P.brand),
      rect(x - 22, 470 - h + 10, 10, h - 30, '#fff', { opacity: 0.25, rx: 5 }),
    );
  return g(
    {},
    rect(0, 0, 960, 720, c.linear([[0, P.cream], [1, P.warmPale]])),
    circle(780, 160, 160, P.mint, { opacity: 0.4 }),
    circle(120, 620, 140, P.mint, { opacity: 0.35 }),
    rect(60, 470, 840, 26, P.wood, { rx: 5 }),
    rect(60, 494, 840, 8, '#000', { opacity: 0.1 }),
    bottle(170, 200, '#c7e6cf'),
    bottle(280, 160, '#d8eef6'),
    g(
      {},
      rect(360, 330, 130, 140, '#eaf4f7', { rx: 14, opacity: 0.9 }),
      rect(368, 380, 114, 84, P.white, { rx: 10 }),
      rect(352, 316, 146, 24, P.woodLight, { rx: 8 }),
      rect(380, 400, 90, 30, P.paper, { rx: 6 }),
      circle(425, 415, 8, P.brand),
    ),
    pottedPlant(590, 470, 1.6),
    sprayBottle(720, 470, 1.4, P.brandLight, P.white),
    g(
      {},
      circle(830, 430, 38, P.warmLight),
      circle(830, 430, 30, '#fff6c8'),
      ...[0, 60, 120, 180, 240, 300].map((a) =>
        stroke(
          [
            [830, 430],
            [830 + Math.cos((a * Math.PI) / 180) * 28, 430 + Math.sin((a * Math.PI) / 180) * 28],
          ],
          P.warmLight,
          2,
        ),
      ),
    ),
    ellipse(870, 460, 30, 12, P.warmLight),
    cloth(300, 640, 2.2, P.mint),
    sponge(560, 640, 1.6),
    leafShape(740, 610, 3, 20, P.leaf),
    leafShape(780, 650, 2.4, -30, P.brandLight),
    sparkle(120, 120, 26, P.warm),
    sparkle(480, 200, 16, P.warm),
  );
}

/** Blog article 3: a bathroom tub and tiles scrubbed bright. */
export function articleBathroom(c: Canvas): string {
  const tiles: string[] = [];
  for (let y = 0; y < 470; y += 60)
    for (let x = 0; x < 960; x += 60)
      tiles.push(rect(x + 2, y + 2, 56, 56, '#fff', { rx: 4, opacity: 0.5 }));
  return g(
    {},
    rect(0, 0, 960, 720, '#cfe8f1'),
    ...tiles,
    rect(0, 560, 960, 160, P.greyLight),
    ...Array.from({ length: 12 }, (_, i) => rect(i * 90, 560, 2, 160, '#000', { opacity: 0.06 })),
    g(
      {},
      rect(600, 80, 230, 290, P.greyLight, { rx: 110 }),
      rect(612, 92, 206, 266, c.linear([[0, '#eaf6fb'], [1, '#bcdcea']]), { rx: 100 }),
      path(d('M', 650, 160, 'L', 700, 110, 'L', 720, 110, 'L', 650, 180, 'Z'), '#fff', {
        opacity: 0.5,
      }),
    ),
    rect(560, 430, 300, 24, P.white, { rx: 6 }),
    g({}, rect(640, 454, 140, 20, P.white, { rx: 4 }), rect(690, 474, 40, 90, P.white)),
    stroke([[50, 40], [520, 40]], P.greyDark, 6),
    path(d('M', 60, 40, 'L', 200, 40, 'Q', 190, 260, 210, 430, 'L', 60, 430, 'Z'), P.rose),
    ...[90, 130, 170].map((x) => stroke([[x, 50], [x + 8, 420]], '#fff', 3, { opacity: 0.4 })),
    path(
      d(
        'M', 40, 430, 'L', 540, 430, 'L', 540, 470, 'Q', 540, 580, 430, 580, 'L', 150, 580, 'Q', 40,
        580, 40, 470, 'Z',
      ),
      P.white,
    ),
    rect(40, 430, 500, 16, P.greyLight, { rx: 6 }),
    rect(120, 580, 20, 30, P.grey, { rx: 4 }),
    rect(440, 580, 20, 30, P.grey, { rx: 4 }),
    g(
      { transform: translate(460, 430) },
      rect(-4, -200, 8, 200, P.greyLight),
      circle(0, -200, 24, P.greyLight),
      ...[-12, 0, 12].map((x) => stroke([[x, -176], [x * 1.6, -150]], P.water, 3, { opacity: 0.8 }),
      ),
    ),
    bubbles(300, 420, 1.5),
    bubbles(160, 424, 1.1),
    g(
      { transform: translate(800, 640, 1, -20) },
      rect(-60, -24, 120, 24, P.warm, { rx: 8 }),
      ...Array.from({ length: 10 }, (_, i) => rect(-54 + i * 11, 0, 6, 24, P.brand, { rx: 2 })),
    ),
    sprayBottle(650, 700, 1.2, P.skyBlue),
    g(
      { transform: translate(380, 700) },
      rect(-50, -30, 100, 30, P.mint, { rx: 6 }),
      rect(-50, -42, 100, 14, P.skyBlue, { rx: 6 }),
    ),
    sparkle(400, 480, 22, P.warm),
    sparkle(250, 500, 14, P.warm),
    sparkle(760, 240, 24, P.white),
  );
}
