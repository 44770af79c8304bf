/**
 * Frames of the FAQ video player (1920 × 1080): one scene per topic.
 */
import { P } from '../palette';
import { boardFence, house } from '../parts/buildings';
import { bubbles, cloth, interiorWindow, sponge } from '../parts/interior';
import {
  bush, cloud, flower, flowerRow, grassTufts, hills, sky, sparkle, sun, tree, tulip,
} from '../parts/nature';
import { local, person } from '../parts/people';
import {
  bucket, hammer, pottedPlant, saw, sprayBottle, tool, toolbox, wateringCan, wheelbarrow,
} from '../parts/tools';
import { type Canvas, type Point, circle, d, g, path, rect, stroke, translate } from '../svg';

/**
 * The scene alone: we ship no video files, so a play button on the picture would promise what
 * the player cannot do. The player shows these frames with their titles.
 */
function poster(_c: Canvas, scene: string): string {
  return scene;
}

/** How booking works: a laptop with the booking calendar and a confirmed day. */
export function videoBooking(c: Canvas): string {
  const days: string[] = [];
  for (let row = 0; row < 4; row += 1) {
    for (let col = 0; col < 7; col += 1) {
      const x = 700 + col * 76;
      const y = 420 + row * 62;
      const picked = row === 2 && col === 4;
      days.push(rect(x, y, 64, 50, picked ? P.brand : P.greyPale, { rx: 10 }));
      if (picked)
        days.push(stroke([[x + 18, y + 26], [x + 28, y + 36], [x + 46, y + 16]], P.white, 6));
    }
  }
  return poster(
    c,
    g(
      {},
      rect(0, 0, 1920, 1080, P.cream),
      interiorWindow(c, 160, 140, 300, 380, P.mint),
      pottedPlant(1700, 760, 2.4),
      rect(0, 760, 1920, 320, P.woodLight),
      rect(0, 760, 1920, 20, P.wood),
      path(
        d(
          'M', 560, 300, 'Q', 560, 280, 580, 280, 'L', 1340, 280, 'Q', 1360, 280, 1360, 300, 'L',
          1360, 740, 'L', 560, 740, 'Z',
        ),
        P.charcoal,
      ),
      rect(584, 304, 752, 420, P.white, { rx: 6 }),
      rect(584, 304, 752, 60, P.brand, { rx: 6 }),
      circle(624, 334, 14, P.white),
      rect(656, 326, 160, 16, P.white, { rx: 8, opacity: 0.8 }),
      ...days,
      rect(1250, 420, 60, 180, P.mintPale, { rx: 10 }),
      rect(1260, 620, 40, 40, P.warm, { rx: 10 }),
      path(
        d(
          'M', 480, 740, 'L', 1440, 740, 'L', 1490, 790, 'Q', 1490, 800, 1470, 800, 'L', 450, 800,
          'Q', 430, 800, 430, 790, 'Z',
        ),
        P.greyLight,
      ),
      rect(880, 752, 160, 12, P.grey, { rx: 6 }),
      g(
        { transform: translate(1560, 800) },
        rect(-50, -110, 100, 110, P.white, { rx: 12 }),
        path(d('M', 50, -90, 'Q', 90, -90, 90, -60, 'Q', 90, -30, 50, -30), 'none', {
          stroke: P.white,
          'stroke-width': 14,
        }),
        rect(-50, -110, 100, 20, P.coral, { rx: 8 }),
        path(
          d('M', -10, -140, 'Q', 0, -160, -6, -180, 'M', 14, -140, 'Q', 24, -160, 18, -180),
          'none',
          { stroke: P.grey, 'stroke-width': 5, opacity: 0.5, 'stroke-linecap': 'round' },
        ),
      ),
      g(
        { transform: translate(330, 820, 1, -12) },
        rect(-60, -110, 120, 220, P.charcoal, { rx: 18 }),
        rect(-50, -96, 100, 180, P.mintPale, { rx: 8 }),
        rect(-36, -70, 72, 14, P.brand, { rx: 7 }),
        rect(-36, -44, 50, 10, P.grey, { rx: 5 }),
        circle(0, 20, 26, P.brand),
        stroke([[-12, 20], [-3, 29], [14, 10]], P.white, 6),
      ),
    ),
  );
}

/** A cleaning team at work in a kitchen. */
export function videoKitchen(c: Canvas): string {
  const wiper = { x: 620, y: 1000, s: 3.4 };
  const mopper = { x: 1300, y: 1020, s: 3.5 };
  const mopHead: Point = local(mopper, [1440, 1010]);
  const tiles: string[] = [];
  for (let row = 0; row < 6; row += 1)
    for (let col = 0; col < 24; col += 1)
      tiles.push(
        rect(col * 84 + (row % 2) * 42 - 42 + 2, 330 + row * 40 + 2, 80, 36, '#fff', {
          rx: 4,
          opacity: 0.55,
        }),
      );
  return poster(
    c,
    g(
      {},
      rect(0, 0, 1920, 1080, P.mintPale),
      rect(0, 0, 1920, 300, P.offWhite),
      ...Array.from({ length: 8 }, (_, i) =>
        g(
          {},
          rect(20 + i * 240, 20, 220, 260, P.brandMid, { rx: 8 }),
          rect(110 + i * 240, 240, 40, 10, P.warmLight, { rx: 5 }),
        ),
      ),
      ...tiles,
      rect(0, 570, 1920, 40, P.offWhite),
      rect(0, 606, 1920, 474, P.brandMid),
      ...Array.from({ length: 8 }, (_, i) =>
        rect(20 + i * 240, 640, 220, 300, '#fff', { opacity: 0.1, rx: 8 }),
      ),
      rect(0, 880, 1920, 200, c.linear([[0, P.sand], [1, P.woodLight]])),
      sprayBottle(300, 572, 1.6, P.warmLight),
      pottedPlant(1700, 572, 1.5),
      bubbles(980, 540, 1.6),
      person({
        ...wiper,
        cap: P.brand,
        shirt: P.brand,
        bib: P.skyBlue,
        gloves: P.warmLight,
        handL: [-20, -60],
        handR: [30, -118],
        front: g({}, sponge(34, -120, 0.3), sprayBottle(-24, -44, 0.22, P.skyBlue)),
      }),
      person({
        ...mopper,
        hairStyle: 'bun',
        skin: P.skin[3],
        shirt: P.brand,
        bib: P.coral,
        gloves: P.warmLight,
        handL: [mopHead[0] * 0.08, -66],
        handR: [mopHead[0] * 0.3, -46],
        front: tool('mop', [-4, -80], mopHead, 3.4, P.greyLight, P.brand),
      }),
      bucket(1620, 1040, 1.6, P.blue),
      sparkle(860, 960, 26, P.white),
      sparkle(1100, 980, 18, P.white),
      sparkle(420, 500, 22, P.warm),
      cloth(1080, 572, 2, P.rose),
    ),
  );
}

/** A garden crew planting and watering a border. */
export function videoGarden(c: Canvas): string {
  const planter = { x: 760, y: 960, s: 3.3 };
  const waterer = { x: 1380, y: 980, s: 3.4 };
  return poster(
    c,
    g(
      {},
      sky(c),
      sun(1680, 160, 70),
      cloud(340, 150, 1.5),
      cloud(1100, 110, 1),
      tree(260, 640, 1.6, 'round'),
      tree(1600, 640, 1.8, 'tall'),
      boardFence(0, 1920, 640, 200),
      path(
        d('M', 0, 660, 'Q', 960, 620, 1920, 660, 'L', 1920, 1080, 'L', 0, 1080, 'Z'),
        c.linear([[0, P.grassLight], [1, P.grassDark]]),
      ),
      path(
        d('M', 0, 720, 'Q', 960, 680, 1920, 720, 'L', 1920, 860, 'Q', 960, 820, 0, 870, 'Z'),
        P.mulch,
      ),
      flowerRow(3, 40, 600, 740, 10, 24),
      flowerRow(4, 1000, 1880, 740, 14, 24),
      bush(120, 820, 70),
      bush(1820, 820, 70),
      person({
        ...planter,
        stance: 'crouch',
        cap: P.brand,
        shirt: P.brand,
        bib: P.warm,
        gloves: P.warmLight,
        handL: [-16, -30],
        handR: [18, -28],
        front: pottedPlant(0, -14, 0.28, P.terracotta, P.grassLight),
      }),
      person({
        ...waterer,
        hairStyle: 'long',
        skin: P.skin[2],
        shirt: P.brand,
        bib: P.offWhite,
        handL: [-18, -50],
        handR: [24, -60],
        front: wateringCan(8, -44, 0.3),
      }),
      ...Array.from({ length: 6 }, (_, i) =>
        stroke(
          [
            [waterer.x + 110 + i * 6, waterer.y - 210 + i * 3],
            [waterer.x + 120 + i * 10, waterer.y - 150],
          ],
          P.water,
          3,
          { opacity: 0.8 },
        ),
      ),
      wheelbarrow(420, 1000, 1.5),
      tulip(1000, 960, 16, P.coral),
      flower(1120, 990, 22, P.lilac),
      grassTufts(9, 0, 1920, 900, 1080, 40, P.grassDark, 16),
    ),
  );
}

/** Carpentry outdoors: a deck board replaced and fixed. */
export function videoCarpentry(c: Canvas): string {
  const worker = { x: 1320, y: 880, s: 3.3 };
  const hammerHand: Point = [30, -96];
  const boards: string[] = [];
  for (let i = 0; i < 9; i += 1)
    boards.push(rect(200, 760 + i * 34, 1520, 30, i === 4 ? P.woodLight : P.wood, { rx: 4 }));
  return poster(
    c,
    g(
      {},
      sky(c, '#a6d8f0', '#f4fbfe'),
      cloud(1500, 150, 1.3),
      hills(c, [600, 560, 590, 550, 580], P.mint),
      house(c, {
        x: 520,
        y: 740,
        w: 880,
        h: 460,
        roofH: 220,
        storeys: 2,
        wall: P.siding,
        roof: P.roofGrey,
        doorAt: 0.5,
        shutters: P.brand,
        chimney: true,
      }),
      rect(0, 740, 1920, 340, P.grass),
      rect(200, 740, 1520, 24, P.woodDark),
      ...boards,
      rect(200, 1060, 1520, 20, P.woodDark),
      person({
        ...worker,
        stance: 'crouch',
        cap: P.warm,
        shirt: P.brand,
        bib: P.woodLight,
        gloves: P.warmLight,
        handL: [-20, -30],
        handR: hammerHand,
        front: hammer(hammerHand[0], hammerHand[1], 0.22, 40),
      }),
      toolbox(420, 920, 1.3),
      saw(800, 900, 1.1, -10),
      g(
        { transform: translate(1500, 920) },
        ...Array.from({ length: 6 }, (_, i) => rect(i * 14, -20, 4, 20, P.grey)),
      ),
      tree(120, 760, 1.5, 'round'),
      tree(1800, 760, 1.4, 'tall'),
      sparkle(1440, 860, 22, P.warm),
    ),
  );
}
