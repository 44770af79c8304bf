/**
 * One card picture (960 × 720) per service of the catalogue, each showing the job being done.
 */
import { P } from '../palette';
import { boardFence, house, type HouseOptions, windowPane } from '../parts/buildings';
import { bubbles, cloth, interiorWindow, sofa, wallArt } from '../parts/interior';
import {
  bush, cloud, fallingLeaves, flower, flowerRow, grassTufts, hills, lawn, leafShape, snowfall,
  snowflake, sparkle, sky, stone, sun, tree, tulip,
} from '../parts/nature';
import { local, person } from '../parts/people';
import {
  bucket, clipboard, hardHat, ladder, paintCan, pottedPlant, sack, sprayBottle, tapeMeasure, tool,
  toolbox, waterSpray, wheelbarrow,
} from '../parts/tools';
import {
  type Canvas, type Point, circle, d, ellipse, g, path, polygon, rect, seeded, stroke, translate,
} from '../svg';

export function gardenMaintenance(c: Canvas): string {
  const worker = { x: 540, y: 684, s: 2.7 };
  const shears = g(
    {},
    stroke([[16, -58], [42, -56]], P.coral, 4.5),
    stroke([[18, -46], [42, -54]], P.coral, 4.5),
    path(d('M', 42, -57, 'L', 78, -72, 'L', 80, -68, 'L', 44, -53, 'Z'), P.grey),
    path(d('M', 42, -55, 'L', 80, -48, 'L', 79, -44, 'L', 44, -51, 'Z'), P.greyLight),
    circle(43, -55, 2, P.charcoal),
  );
  return g(
    {},
    sky(c),
    sun(820, 110, 46),
    cloud(240, 110, 1.1),
    cloud(600, 70, 0.7),
    tree(150, 330, 0.95, 'round'),
    tree(700, 330, 0.8, 'tall'),
    boardFence(0, 960, 440, 150),
    lawn(c, 440),
    path(
      d('M', 0, 500, 'Q', 480, 456, 960, 500, 'L', 960, 560, 'Q', 480, 520, 0, 574, 'Z'),
      P.mulch,
    ),
    path(
      d('M', 0, 500, 'Q', 480, 456, 960, 500, 'L', 960, 508, 'Q', 480, 466, 0, 510, 'Z'),
      '#000',
      { opacity: 0.12 },
    ),
    bush(90, 540, 56),
    bush(300, 520, 40, P.grassLight, P.grass),
    flowerRow(3, 130, 520, 506, 8, 15),
    bush(812, 616, 92),
    fallingLeaves(41, 690, 520, 760, 640, 9, 1.1, [P.leaf, P.grassLight, P.leafDark]),
    wheelbarrow(350, 664, 1.15),
    person({
      ...worker,
      cap: P.brand,
      shirt: P.brand,
      bib: P.warm,
      gloves: P.warmLight,
      handL: [16, -58],
      handR: [18, -46],
      front: shears,
    }),
    grassTufts(5, 0, 960, 600, 715, 26),
    flower(60, 660, 14, P.coral),
    flower(920, 690, 12, P.white),
  );
}

export function houseOfficeCleaning(c: Canvas): string {
  const worker = { x: 520, y: 684, s: 2.8 };
  const mopHead: Point = local(worker, [610, 640]);
  return g(
    {},
    rect(0, 0, 960, 520, P.cream),
    rect(0, 520, 960, 200, c.linear([[0, P.woodLight], [1, P.wood]])),
    ...Array.from({ length: 9 }, (_, i) =>
      stroke([[i * 120 - 40, 520], [i * 140 - 160, 720]], '#000', 2, { opacity: 0.07 }),
    ),
    rect(0, 504, 960, 18, P.white),
    interiorWindow(c, 70, 120, 190, 230),
    wallArt(c, 470, 110, 200, 130),
    sofa(380, 500, 380),
    pottedPlant(850, 520, 1.4),
    ellipse(600, 640, 150, 30, '#fff', { opacity: 0.35 }),
    sparkle(720, 600, 22, P.white),
    sparkle(760, 640, 12, P.white),
    sparkle(470, 610, 14, P.white),
    person({
      ...worker,
      cap: P.brand,
      shirt: P.brand,
      bib: P.skyBlue,
      gloves: P.warmLight,
      handL: [-1, -64],
      handR: [12, -44],
      front: tool('mop', [-8, -76], mopHead, 3.6, P.greyLight, P.brand),
    }),
    bucket(800, 690, 1.25, P.blue),
    sprayBottle(180, 690, 1.15),
    bubbles(790, 580, 1),
    cloth(300, 700, 1.3),
  );
}

export function seasonalCleaning(c: Canvas): string {
  const wx = 330;
  const wy = 80;
  const ww = 540;
  const wh = 390;
  const springClip = c.clip(rect(wx, wy, ww / 2, wh, '#000'));
  const autumnClip = c.clip(rect(wx + ww / 2, wy, ww / 2, wh, '#000'));
  const worker = { x: 230, y: 690, s: 2.9 };
  const blade: Point = local(worker, [420, 300]);
  return g(
    {},
    rect(0, 0, 960, 560, P.mintPale),
    rect(0, 560, 960, 160, c.linear([[0, P.sand], [1, P.woodLight]])),
    rect(0, 544, 960, 18, P.white),
    rect(wx - 16, wy - 16, ww + 32, wh + 32, P.white, { rx: 8 }),
    g(
      { 'clip-path': springClip },
      rect(wx, wy, ww, wh, c.linear([[0, '#bfe6f7'], [1, '#eef9fd']])),
      path(
        d(
          'M', wx, wy + wh * 0.72, 'Q', wx + ww * 0.25, wy + wh * 0.62, wx + ww * 0.5,
          wy + wh * 0.7, 'L', wx + ww * 0.5, wy + wh, 'L', wx, wy + wh, 'Z',
        ),
        P.grassLight,
      ),
      tree(wx + 140, wy + wh * 0.86, 0.9, 'blossom'),
      tulip(wx + 40, wy + wh - 40, 9, P.coral),
      tulip(wx + 70, wy + wh - 30, 9, P.warmLight),
      tulip(wx + 240, wy + wh - 36, 9, P.rose),
    ),
    g(
      { 'clip-path': autumnClip },
      rect(wx, wy, ww, wh, c.linear([[0, '#f9dcb0'], [1, '#fdf1de']])),
      path(
        d(
          'M', wx + ww * 0.5, wy + wh * 0.7, 'Q', wx + ww * 0.75, wy + wh * 0.62, wx + ww,
          wy + wh * 0.72, 'L', wx + ww, wy + wh, 'L', wx + ww * 0.5, wy + wh, 'Z',
        ),
        '#b9b36a',
      ),
      tree(wx + ww * 0.76, wy + wh * 0.86, 0.9, 'autumn'),
      fallingLeaves(7, wx + ww * 0.5, wy + 40, wx + ww, wy + wh - 20, 14, 1.4),
    ),
    rect(wx + ww / 2 - 8, wy, 16, wh, P.white),
    path(d('M', wx + 30, wy + 40, 'L', wx + 120, wy + 40, 'L', wx + 30, wy + 150, 'Z'), '#fff', {
      opacity: 0.3,
    }),
    path(
      d(
        'M', wx + ww / 2 + 30, wy + 60, 'L', wx + ww / 2 + 90, wy + 60, 'L', wx + ww / 2 + 30,
        wy + 130, 'Z',
      ),
      '#fff',
      { opacity: 0.3 },
    ),
    rect(wx - 30, wy + wh + 14, ww + 60, 16, P.white, { rx: 5 }),
    sparkle(wx + 200, wy + 90, 22, P.white),
    sparkle(wx + 240, wy + 130, 12, P.white),
    sparkle(wx + ww - 80, wy + 70, 18, P.white),
    person({
      ...worker,
      cap: P.brand,
      shirt: P.brand,
      bib: P.skyBlue,
      gloves: P.warmLight,
      handL: [-22, -52],
      handR: [blade[0] - 10, blade[1] + 16],
      front: g(
        {},
        tool('squeegee', [blade[0] - 14, blade[1] + 24], blade, 3.4, P.charcoal),
        cloth(-26, -48, 0.35, P.coral),
      ),
    }),
    bucket(690, 696, 1.2, P.warm),
    sprayBottle(800, 696, 1.1, P.skyBlue, P.white, true),
    sprayBottle(880, 700, 0.9, P.coral),
    bubbles(700, 598, 0.9),
  );
}

export function specializedCarpentry(c: Canvas): string {
  const pegHoles: string[] = [];
  for (let y = 100; y < 330; y += 22)
    for (let x = 70; x < 420; x += 22) pegHoles.push(circle(x, y, 2.2, '#000', { opacity: 0.15 }));
  const shelfColors = [P.brand, P.warm, P.coral, P.skyBlue, P.lilac, P.brandLight, P.terracotta];
  const books: string[] = [];
  for (let row = 0; row < 4; row += 1) {
    const sy = 170 + row * 110;
    let bx = 680;
    for (let i = 0; i < 6 + (row % 2); i += 1) {
      const bw = 18 + ((i * 5 + row * 3) % 3) * 6;
      const bh = 60 + ((i * 7 + row) % 4) * 8;
      if (!(row === 1 && i > 3) && !(row === 3 && i > 2))
        books.push(
          rect(bx, sy - bh, bw, bh, shelfColors[(i + row * 2) % shelfColors.length] ?? P.brand, {
            rx: 2,
          }),
        );
      bx += bw + 3;
    }
  }
  const worker = { x: 360, y: 720, s: 2.9 };
  const plane = g(
    {},
    path(
      d('M', -22, -50, 'L', 24, -50, 'Q', 30, -50, 30, -56, 'L', 26, -60, 'L', -16, -60, 'Z'),
      P.coral,
    ),
    path(d('M', -12, -60, 'Q', -8, -72, 4, -70, 'L', 8, -60, 'Z'), P.woodDark),
    circle(20, -64, 4.5, P.charcoal),
  );
  return g(
    {},
    rect(0, 0, 960, 560, c.linear([[0, '#f3e4c9'], [1, P.sand]])),
    ...Array.from({ length: 12 }, (_, i) => rect(i * 80, 0, 3, 560, '#000', { opacity: 0.05 })),
    rect(0, 560, 960, 160, c.linear([[0, P.greyLight], [1, P.grey]])),
    rect(50, 80, 390, 260, P.woodLight, { rx: 6 }),
    ...pegHoles,
    g({ transform: translate(100, 130, 0.7, 90) }, rect(-5, -10, 10, 90, P.wood, { rx: 4 })),
    path(d('M', 100, 116, 'L', 140, 116, 'Q', 152, 120, 150, 132, 'L', 100, 132, 'Z'), P.greyDark),
    g(
      { transform: translate(180, 300, 0.8, -90) },
      path(d('M', 14, -10, 'L', 160, 6, 'L', 160, 22, 'L', 14, 22, 'Z'), P.greyLight),
      path(
        d(
          'M', -30, -20, 'Q', -34, 24, -10, 28, 'L', 20, 28, 'L', 20, -20, 'Q', -6, -30, -30, -20,
          'Z',
        ),
        P.coral,
      ),
    ),
    rect(260, 110, 50, 44, P.warm, { rx: 10 }),
    circle(285, 132, 11, P.charcoal),
    stroke([[350, 110], [350, 240]], P.greyDark, 8),
    circle(350, 100, 14, 'none', { stroke: P.greyDark, 'stroke-width': 7 }),
    stroke([[400, 110], [400, 200]], P.warm, 10),
    stroke([[400, 200], [400, 250]], P.grey, 4),
    rect(650, 60, 280, 500, P.wood, { rx: 4 }),
    rect(664, 74, 252, 472, P.woodDark),
    ...[170, 280, 390, 500].map((y) => rect(664, y, 252, 14, P.woodLight)),
    ...books,
    pottedPlant(850, 280, 0.8),
    pottedPlant(720, 500, 0.7, P.brand),
    rect(780, 380, 90, 10, P.warmLight, { rx: 4 }),
    person({
      ...worker,
      cap: P.warm,
      shirt: P.brand,
      bib: P.woodLight,
      handL: [-14, -58],
      handR: [20, -62],
      front: plane,
    }),
    rect(60, 560, 560, 26, P.wood, { rx: 5 }),
    rect(60, 580, 560, 8, '#000', { opacity: 0.12 }),
    rect(90, 586, 26, 134, P.woodDark),
    rect(564, 586, 26, 134, P.woodDark),
    rect(116, 650, 448, 18, P.woodDark),
    rect(150, 534, 400, 26, P.woodLight, { rx: 3 }),
    stroke([[170, 546], [530, 548]], P.wood, 2),
    ...[[560, 536], [590, 546], [140, 530]].map(([x = 0, y = 0]) =>
      path(d('M', x, y, 'q', 12, -22, 24, -6, 'q', -6, 10, -14, 2), 'none', {
        stroke: P.woodLight,
        'stroke-width': 5,
        'stroke-linecap': 'round',
      }),
    ),
    toolbox(800, 700, 1.1),
    tapeMeasure(660, 712, 0.9, 60),
  );
}

export function painting(_c: Canvas): string {
  const worker = { x: 600, y: 690, s: 2.8 };
  const rollerTo: Point = local(worker, [720, 200]);
  const along = (t: number): Point => [6 + (rollerTo[0] - 6) * t, -30 + (rollerTo[1] + 30) * t];
  return g(
    {},
    rect(0, 0, 960, 540, P.cream),
    path(
      d('M', 0, 0, 'L', 690, 0, 'Q', 700, 140, 690, 260, 'T', 700, 540, 'L', 0, 540, 'Z'),
      P.mint,
    ),
    rect(690, 150, 70, 330, P.mint, { rx: 30 }),
    rect(700, 170, 12, 290, '#fff', { opacity: 0.2, rx: 6 }),
    rect(0, 520, 960, 20, P.white),
    rect(0, 512, 960, 8, P.warmLight, { opacity: 0.9 }),
    rect(0, 540, 960, 180, P.woodLight),
    path(
      d('M', 0, 600, 'Q', 200, 570, 480, 590, 'T', 960, 580, 'L', 960, 720, 'L', 0, 720, 'Z'),
      P.offWhite,
    ),
    path(d('M', 200, 600, 'Q', 260, 640, 240, 720), 'none', {
      stroke: '#000',
      'stroke-width': 3,
      opacity: 0.05,
    }),
    path(d('M', 700, 600, 'Q', 640, 660, 680, 720), 'none', {
      stroke: '#000',
      'stroke-width': 3,
      opacity: 0.05,
    }),
    ...[
      [330, 660, 6], [360, 690, 4], [820, 640, 5], [500, 700, 4],
    ].map(([x = 0, y = 0, r = 0]) => ellipse(x, y, r * 1.6, r, P.brandLight)),
    ladder([110, 680], [190, 260], 70, P.grey, 6),
    ladder([300, 680], [220, 260], 70, P.greyLight, 6),
    rect(170, 240, 70, 22, P.greyDark, { rx: 4 }),
    paintCan(205, 240, 0.5, P.brandLight),
    path(d('M', 340, 690, 'L', 470, 690, 'L', 490, 650, 'L', 320, 650, 'Z'), P.greyLight),
    path(d('M', 350, 684, 'L', 460, 684, 'L', 470, 660, 'L', 400, 660, 'Z'), P.brandLight),
    person({
      ...worker,
      cap: P.white,
      shirt: P.brand,
      bib: P.offWhite,
      handL: along(0.18),
      handR: along(0.38),
      front: tool('roller', [6, -30], rollerTo, 3.2, P.greyDark, P.brandLight),
    }),
    paintCan(860, 700, 1, P.brandLight),
    g(
      { transform: translate(770, 700, 1, -20) },
      rect(-6, -70, 12, 50, P.wood, { rx: 4 }),
      rect(-10, -22, 20, 10, P.grey),
      path(d('M', -10, -12, 'L', 10, -12, 'L', 8, 8, 'Q', 0, 14, -8, 8, 'Z'), P.brandLight),
    ),
  );
}

function dollar(x: number, y: number, s: number, color: string): string {
  return g(
    { transform: translate(x, y, s) },
    path(
      d(
        'M', 11, -12, 'Q', 6, -18, -1, -18, 'Q', -12, -18, -12, -9, 'Q', -12, -2, 0, 0, 'Q', 12, 2,
        12, 9, 'Q', 12, 18, 0, 18, 'Q', -8, 18, -12, 12,
      ),
      'none',
      { stroke: color, 'stroke-width': 5, 'stroke-linecap': 'round' },
    ),
    stroke([[0, -25], [0, 25]], color, 4.5),
  );
}

export function constructionEstimate(c: Canvas): string {
  const joists: string[] = [];
  for (let x = 420; x <= 900; x += 40) joists.push(rect(x, 440, 12, 70, P.wood));
  const stakes = [[350, 560], [950, 560]].map(([x = 0, y = 0]) =>
    g(
      {},
      rect(x - 4, y - 50, 8, 50, P.woodLight),
      polygon([[x - 4, y], [x + 4, y], [x, y + 8]], P.woodLight),
      rect(x - 4, y - 50, 8, 10, P.coral),
    ),
  );
  return g(
    {},
    sky(c),
    cloud(170, 110, 1),
    cloud(860, 90, 0.8),
    hills(c, [420, 390, 410, 380], P.mint, 720),
    house(c, {
      x: 600,
      y: 440,
      w: 420,
      h: 260,
      roofH: 130,
      wall: P.sidingBlue,
      roof: P.roofGrey,
      storeys: 1,
      doorAt: 0.3,
      gableWindow: false,
    }),
    lawn(c, 440),
    ...[400, 640, 900].map((x) => rect(x, 430, 14, 100, P.woodDark)),
    rect(390, 430, 540, 14, P.woodDark),
    ...joists,
    rect(390, 500, 540, 14, P.woodDark),
    rect(420, 470, 200, 12, P.woodLight),
    ...stakes,
    stroke([[350, 520], [950, 520]], P.coral, 2),
    rect(40, 360, 160, 120, P.woodLight),
    polygon([[30, 362], [120, 310], [210, 362]], P.roofRed),
    rect(96, 410, 48, 70, P.woodDark),
    grassTufts(2, 0, 960, 560, 700, 22),
    clipboard(300, 520, 1.35, -7),
    circle(410, 370, 46, P.warm),
    circle(410, 370, 38, P.warmLight),
    dollar(410, 370, 1.1, P.brandDark),
    g(
      { transform: translate(520, 650, 1, -28) },
      rect(0, -8, 170, 16, P.warmLight, { rx: 3 }),
      polygon([[170, -8], [196, 0], [170, 8]], P.sand),
      polygon([[188, -3], [196, 0], [188, 3]], P.charcoal),
      rect(-10, -8, 14, 16, P.rose, { rx: 3 }),
    ),
    tapeMeasure(620, 700, 1.1, 100),
    hardHat(840, 690, 1.3),
  );
}

export function pressureWash(c: Canvas): string {
  const home: HouseOptions = {
    x: 140,
    y: 360,
    w: 700,
    h: 210,
    roofH: 100,
    wall: P.sidingBlue,
    roof: P.roofGrey,
    storeys: 1,
    garage: true,
    doorAt: 0.36,
    gableWindow: false,
  };
  const worker = { x: 380, y: 690, s: 2.7 };
  const nozzle: Point = local(worker, [560, 640]);
  const drivewayClip = c.clip(
    path(d('M', 530, 360, 'L', 830, 360, 'L', 1000, 720, 'L', 300, 720, 'Z'), '#000'),
  );
  const grime: string[] = [];
  const random = seeded(23);
  for (let i = 0; i < 26; i += 1)
    grime.push(
      ellipse(
        600 + random() * 400,
        380 + random() * 340,
        20 + random() * 40,
        8 + random() * 14,
        P.greyDark,
        { opacity: 0.25 },
      ),
    );
  return g(
    {},
    sky(c),
    cloud(120, 80, 0.9),
    tree(900, 330, 0.9, 'round'),
    house(c, home),
    rect(0, 360, 960, 360, P.grass),
    rect(0, 360, 960, 360, c.linear([[0, P.grassLight], [1, P.grassDark]]), { opacity: 0.6 }),
    g(
      { 'clip-path': drivewayClip },
      rect(0, 360, 1000, 400, P.concrete),
      rect(620, 360, 400, 400, '#a9aaa6'),
      ...grime,
      path(
        d('M', 600, 360, 'Q', 640, 520, 600, 720, 'L', 560, 720, 'Q', 600, 520, 560, 360, 'Z'),
        '#fff',
        { opacity: 0.35 },
      ),
    ),
    ...[440, 530, 620].map((y) =>
      stroke([[520 + (y - 360) * 0.3, y], [1000, y + 10]], '#000', 2, { opacity: 0.08 }),
    ),
    flowerRow(9, 20, 260, 390, 6, 13),
    bush(60, 410, 36),
    sparkle(420, 470, 18, P.white),
    sparkle(470, 560, 12, P.white),
    waterSpray([560, 640], [690, 560], 40, 3),
    waterSpray([560, 640], [700, 660], 30, 9),
    g(
      { transform: translate(170, 690) },
      ellipse(0, 0, 70, 8, '#000', { opacity: 0.14 }),
      rect(-60, -90, 120, 70, P.warm, { rx: 12 }),
      rect(-60, -90, 120, 18, '#000', { opacity: 0.1, rx: 12 }),
      rect(-40, -114, 80, 26, P.charcoal, { rx: 8 }),
      circle(-36, -14, 18, P.charcoal),
      circle(36, -14, 18, P.charcoal),
      circle(-36, -14, 7, P.grey),
      circle(36, -14, 7, P.grey),
    ),
    path(d('M', 230, 640, 'Q', 300, 710, 360, 660, 'T', 400, 580), 'none', {
      stroke: P.charcoal,
      'stroke-width': 6,
      'stroke-linecap': 'round',
    }),
    person({
      ...worker,
      cap: P.brand,
      shirt: P.brand,
      bib: P.warm,
      gloves: P.charcoal,
      handL: [10, -52],
      handR: [24, -42],
      front: g(
        {},
        tool('wand', [8, -58], nozzle, 3.4, P.greyDark),
        rect(14, -50, 10, 16, P.charcoal, { rx: 3, transform: 'rotate(-30 19 -42)' }),
      ),
    }),
  );
}

export function gardenBackyardDesign(c: Canvas): string {
  const bulbs: string[] = [];
  for (let i = 0; i <= 8; i += 1) {
    const t = i / 8;
    const x = 90 + t * 300;
    const y = 210 + Math.sin(t * Math.PI) * 40;
    bulbs.push(
      circle(x, y + 10, 14, P.warmLight, { opacity: 0.3 }),
      circle(x, y + 10, 6, P.warmLight),
    );
  }
  const plan = g(
    { transform: translate(760, 560, 1, 8) },
    rect(-150, -110, 300, 220, P.paper, { rx: 6 }),
    ...Array.from({ length: 9 }, (_, i) =>
      stroke([[-150 + i * 37.5, -110], [-150 + i * 37.5, 110]], P.skyBlue, 1, { opacity: 0.5 }),
    ),
    ...Array.from({ length: 6 }, (_, i) =>
      stroke([[-150, -110 + i * 44], [150, -110 + i * 44]], P.skyBlue, 1, { opacity: 0.5 }),
    ),
    path(d('M', -120, 100, 'Q', -40, 20, 20, 10, 'T', 120, -90), 'none', {
      stroke: P.greyDark,
      'stroke-width': 10,
      'stroke-dasharray': '14 10',
      opacity: 0.6,
    }),
    circle(-80, -50, 26, P.leaf, { opacity: 0.8 }),
    circle(-30, -70, 18, P.leafDark, { opacity: 0.8 }),
    rect(50, 30, 80, 50, P.wood, { opacity: 0.8, rx: 4 }),
    circle(70, 55, 10, P.coral),
    circle(100, 50, 10, P.warmLight),
    circle(-110, 60, 14, P.rose),
    g(
      { transform: 'rotate(-35)' },
      rect(20, 110, 160, 14, P.warm, { rx: 3 }),
      polygon([[180, 110], [200, 117], [180, 124]], P.sand),
    ),
  );
  return g(
    {},
    sky(c, '#a7d8ef', '#fdf2dc'),
    tree(560, 360, 0.9, 'round'),
    tree(880, 360, 1.05, 'tall'),
    boardFence(0, 960, 380, 130),
    lawn(c, 380),
    path(d('M', 360, 720, 'Q', 420, 560, 300, 470, 'T', 230, 400), 'none', {
      stroke: P.sand,
      'stroke-width': 70,
      'stroke-linecap': 'round',
      opacity: 0.55,
    }),
    stone(400, 680, 56, 18),
    stone(380, 610, 46, 15),
    stone(330, 552, 40, 13),
    stone(285, 500, 34, 11),
    stone(250, 455, 28, 9),
    rect(60, 170, 22, 280, P.wood),
    rect(400, 170, 22, 280, P.wood),
    rect(40, 160, 400, 22, P.woodDark, { rx: 4 }),
    ...[80, 140, 200, 260, 320, 380].map((x) => rect(x, 146, 12, 48, P.woodLight)),
    path(d('M', 90, 210, 'Q', 240, 290, 390, 210), 'none', {
      stroke: P.charcoal,
      'stroke-width': 2,
    }),
    ...bulbs,
    rect(150, 380, 170, 18, P.woodDark, { rx: 4 }),
    rect(150, 330, 170, 14, P.wood, { rx: 4 }),
    rect(160, 396, 12, 44, P.woodDark),
    rect(298, 396, 12, 44, P.woodDark),
    rect(560, 420, 300, 60, P.wood, { rx: 6 }),
    rect(560, 420, 300, 12, P.woodLight, { rx: 6 }),
    bush(610, 424, 34),
    flowerRow(14, 640, 850, 400, 6, 16),
    bush(60, 520, 46),
    flower(130, 560, 16, P.lilac),
    tulip(170, 600, 12, P.coral),
    plan,
  );
}

export function lawnRepair(c: Canvas): string {
  const seeds: string[] = [];
  const random = seeded(31);
  for (let i = 0; i < 60; i += 1)
    seeds.push(
      ellipse(500 + (random() - 0.5) * 440, 560 + (random() - 0.5) * 90, 3, 2, P.warmPale),
    );
  const sodTexture: string[] = [];
  for (let x = 260; x < 460; x += 12)
    sodTexture.push(stroke([[x, 520], [x + 4, 610]], P.grassDark, 2, { opacity: 0.35 }));
  const roll = (x: number, y: number, r: number) =>
    g(
      {},
      circle(x, y, r, P.grass),
      circle(x, y, r * 0.78, P.soil),
      path(
        d(
          'M', x, y, 'm', -r * 0.6, 0, 'a', r * 0.6, r * 0.6, 0, 1, 1, r * 0.6, r * 0.6, 'a',
          r * 0.4, r * 0.4, 0, 1, 1, -r * 0.4, -r * 0.4,
        ),
        'none',
        { stroke: P.grass, 'stroke-width': r * 0.16 },
      ),
    );
  const worker = { x: 520, y: 640, s: 2.7 };
  return g(
    {},
    sky(c),
    sun(120, 110, 44),
    cloud(700, 100, 1),
    hills(c, [380, 340, 370, 330, 360], P.mint),
    house(c, {
      x: 620,
      y: 380,
      w: 260,
      h: 150,
      roofH: 80,
      wall: P.siding,
      roof: P.roofRed,
      gableWindow: false,
      gutter: false,
    }),
    lawn(c, 380),
    ...Array.from({ length: 6 }, (_, i) =>
      path(
        d(
          'M', i * 180 - 40, 720, 'L', i * 180 + 60, 400, 'L', i * 180 + 110, 400, 'L',
          i * 180 + 50, 720, 'Z',
        ),
        '#fff',
        { opacity: 0.06 },
      ),
    ),
    ellipse(500, 565, 260, 70, P.soil),
    ellipse(500, 560, 250, 62, '#8a6244'),
    ...seeds,
    path(
      d('M', 250, 520, 'L', 460, 520, 'L', 460, 612, 'L', 250, 612, 'Q', 240, 566, 250, 520, 'Z'),
      P.grass,
    ),
    ...sodTexture,
    person({
      ...worker,
      stance: 'crouch',
      cap: P.brand,
      shirt: P.brand,
      bib: P.warm,
      gloves: P.warmLight,
      handL: [-20, -34],
      handR: [2, -34],
    }),
    roll(480, 590, 44),
    roll(810, 620, 40),
    roll(890, 620, 40),
    roll(850, 556, 40),
    sack(
      130,
      660,
      1.15,
      P.cream,
      g({}, leafShape(-6, -58, 1.3, -40, P.leaf), leafShape(6, -62, 1.1, 30, P.brandLight)),
    ),
    tool('rake', [150, 710], [330, 670], 5),
    grassTufts(8, 0, 960, 420, 720, 40, P.grassDark, 12),
  );
}

function weed(x: number, y: number, s: number, bloom: boolean): string {
  return g(
    { transform: translate(x, y, s) },
    ...[-60, -25, 15, 50].map((a) =>
      ellipse(0, -14, 5, 16, P.leaf, { transform: `rotate(${String(a)} 0 0)` }),
    ),
    bloom
      ? g(
          {},
          stroke([[0, 0], [4, -40]], P.leafDark, 2.5),
          circle(4, -42, 9, P.warmLight),
          circle(4, -42, 4, P.warm),
        )
      : '',
  );
}

export function weedControl(c: Canvas): string {
  const pavers: string[] = [];
  const weeds: string[] = [];
  for (let row = 0; row < 6; row += 1) {
    const y = 440 + row * 48 + row * row * 2;
    const h = 44 + row * 4;
    const offset = row % 2 === 0 ? 0 : -60;
    for (let x = offset; x < 960; x += 120)
      pavers.push(
        rect(x + 3, y + 3, 114, h - 4, row % 3 === 1 ? '#d7c9b5' : '#cbbba4', { rx: 5 }),
        rect(x + 3, y + 3, 114, 6, '#fff', { opacity: 0.25, rx: 3 }),
      );
    if (row > 0)
      for (let x = offset + 120 * (row % 2) + 600; x < 960; x += 240)
        weeds.push(weed(x, y + 6, 0.9 + row * 0.1, (row + x) % 3 === 0));
  }
  const worker = { x: 430, y: 640, s: 2.7 };
  const pulled = g(
    {},
    weed(22, -24, 0.45, true),
    stroke([[22, -24], [20, -14], [24, -8]], P.soil, 1.5),
    stroke([[22, -24], [26, -12]], P.soil, 1.2),
  );
  return g(
    {},
    sky(c),
    sun(840, 90, 40),
    cloud(220, 80, 0.9),
    hills(c, [300, 270, 290, 260], P.mint),
    rect(0, 290, 960, 160, c.linear([[0, P.grassLight], [1, P.grass]])),
    bush(80, 330, 44),
    bush(880, 330, 50),
    flowerRow(5, 140, 820, 310, 12, 12),
    ...[
      [200, 400], [280, 380], [720, 410], [660, 380], [540, 420],
    ].map(([x = 0, y = 0], i) => weed(x, y, 0.7, i % 2 === 0)),
    rect(0, 436, 960, 284, '#b5a48c'),
    ...pavers,
    ...weeds,
    person({
      ...worker,
      stance: 'crouch',
      cap: P.brand,
      shirt: P.brand,
      bib: P.warm,
      gloves: P.warmLight,
      handL: [-22, -36],
      handR: [20, -30],
      front: g({}, tool('weeder', [14, -30], [30, -8], 3.5, P.coral), pulled),
    }),
    bucket(220, 690, 1.2, P.brand, false),
    weed(200, 628, 0.8, true),
    weed(235, 626, 0.7, false),
    weed(218, 620, 0.6, true),
    g({}, sprayBottle(820, 700, 1.25, P.brandLight, P.white)),
    leafShape(820, 630, 2.6, -40, P.brandLight),
  );
}

export function snowRemoval(c: Canvas): string {
  const worker = { x: 420, y: 660, s: 2.7 };
  const blade: Point = local(worker, [540, 620]);
  const salt: string[] = [];
  const random = seeded(55);
  for (let i = 0; i < 50; i += 1)
    salt.push(circle(330 + random() * 340, 480 + random() * 240, 2.2, P.skyBlue, { opacity: 0.8 }));
  return g(
    {},
    sky(c, P.dusk, P.duskLight),
    circle(820, 100, 34, P.offWhite, { opacity: 0.9 }),
    hills(c, [430, 400, 420, 390], '#dce8f3'),
    tree(80, 470, 1.1, 'snowy-pine'),
    tree(900, 470, 1.2, 'snowy-pine'),
    house(c, {
      x: 240,
      y: 470,
      w: 480,
      h: 250,
      roofH: 130,
      wall: P.siding,
      roof: P.roofGrey,
      storeys: 1,
      garage: true,
      doorAt: 0.32,
      snow: true,
      lit: true,
      chimney: true,
      gableWindow: true,
    }),
    rect(0, 470, 960, 250, c.linear([[0, P.snow], [1, P.ice]])),
    path(d('M', 510, 470, 'L', 700, 470, 'L', 820, 720, 'L', 330, 720, 'Z'), '#7f8b96'),
    path(d('M', 510, 470, 'L', 560, 470, 'L', 480, 720, 'L', 330, 720, 'Z'), '#fff', {
      opacity: 0.12,
    }),
    ...salt,
    path(
      d(
        'M', 470, 470, 'Q', 520, 460, 510, 480, 'Q', 380, 560, 330, 720, 'L', 250, 720, 'Q', 300,
        560, 470, 470, 'Z',
      ),
      P.snow,
    ),
    path(
      d(
        'M', 700, 470, 'Q', 740, 470, 760, 480, 'Q', 880, 600, 900, 720, 'L', 820, 720, 'Q', 780,
        580, 700, 470, 'Z',
      ),
      P.snow,
    ),
    path(
      d('M', 330, 720, 'Q', 300, 600, 480, 480, 'L', 490, 500, 'Q', 340, 600, 360, 720, 'Z'),
      P.iceShadow,
      { opacity: 0.6 },
    ),
    ellipse(620, 650, 70, 26, P.snow),
    ellipse(610, 640, 48, 18, P.white),
    person({
      ...worker,
      shirt: P.coral,
      pants: P.navy,
      toque: P.brand,
      scarf: P.warm,
      gloves: P.brandDark,
      stance: 'stride',
      handL: [8, -56],
      handR: [22, -40],
      front: tool('snow-shovel', [0, -66], blade, 3.6, P.charcoal, P.brand),
    }),
    sack(140, 700, 1.2, P.skyBlue, snowflake(0, -58, 16, P.blue)),
    snowfall(77, c, 90, 10, 6),
  );
}

export function eavestrough(c: Canvas): string {
  const worker = { x: 330, y: 520, s: 2.6 };
  const scoopAt: Point = local(worker, [400, 250]);
  const leavesClip = c.clip(rect(0, 226, 960, 24, '#000'));
  const shingles: string[] = [];
  for (let row = 0; row < 7; row += 1) {
    const y = row * 30;
    for (let x = row % 2 === 0 ? -30 : 0; x < 960; x += 60)
      shingles.push(rect(x + 2, y, 56, 28, row % 2 === 0 ? P.roofGrey : '#66737f', { rx: 3 }));
  }
  return g(
    {},
    sky(c, '#f6d9a8', '#fdf3e1'),
    tree(880, 720, 1.5, 'autumn'),
    rect(0, 0, 960, 210, '#56626d'),
    ...shingles,
    rect(0, 200, 960, 30, P.white),
    rect(0, 228, 960, 8, '#000', { opacity: 0.12 }),
    rect(0, 290, 820, 430, P.siding),
    ...Array.from({ length: 20 }, (_, i) =>
      rect(0, 300 + i * 22, 820, 2, '#000', { opacity: 0.05 }),
    ),
    rect(0, 290, 820, 18, '#000', { opacity: 0.08 }),
    windowPane(c, 500, 380, 180, 200, { frame: P.white, shutters: P.brand }),
    g({ 'clip-path': leavesClip }, fallingLeaves(3, 0, 230, 960, 250, 60, 1.6)),
    path(d('M', -10, 236, 'L', 900, 236, 'Q', 904, 290, 880, 292, 'L', -10, 292, 'Z'), P.greyLight),
    rect(-10, 236, 910, 8, P.white),
    rect(-10, 276, 900, 16, '#000', { opacity: 0.08 }),
    rect(838, 290, 34, 430, P.greyLight),
    rect(860, 290, 12, 430, '#000', { opacity: 0.1 }),
    rect(834, 360, 42, 14, P.grey, { rx: 4 }),
    rect(834, 560, 42, 14, P.grey, { rx: 4 }),
    ladder([250, 740], [392, 240], 80, P.grey, 9),
    person({
      ...worker,
      back: true,
      cap: P.brand,
      shirt: P.brand,
      pants: P.navy,
      gloves: P.warmLight,
      handL: [-4, -104],
      handR: [scoopAt[0] - 4, scoopAt[1] + 16],
      front: tool('scoop', [scoopAt[0] - 8, scoopAt[1] + 26], scoopAt, 3.4, P.coral),
    }),
    g(
      { transform: translate(250, 660) },
      stroke([[22, -58], [40, -96], [-22, -58]], P.greyDark, 3),
      fallingLeaves(12, -28, -74, 28, -56, 9, 1.4),
      bucket(0, 0, 0.8, P.warm, false),
    ),
    fallingLeaves(19, 0, 300, 960, 720, 18, 1.5),
  );
}
