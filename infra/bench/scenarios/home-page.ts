import { launchChromium } from '../../../tests/support/browser';
import type { Scenario } from '../bench-types';
import { measurePageScripts, type PageWeight } from '../page-weight';
import { TargetCheck } from '../targets';

const MAX_HOME_BYTES = 100_000;
/** In Leaflet's attribution link, whatever the minifier does to the rest. */
const LEAFLET = 'leafletjs.com';
const PHONE = { width: 375, height: 800 };

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const loadsLeaflet = (page: PageWeight) =>
  page.scripts.some((script) => script.contains.includes(LEAFLET));

/** What a first visit downloads: the home page's JavaScript, and the map's only where it is shown. */
export const homePageScenario: Scenario = {
  name: 'home-page',
  async run(context) {
    const { product, log } = context;
    log('home page: measuring the JavaScript of / and /contact in Chromium...');
    const browser = await launchChromium();
    let home: PageWeight;
    let contact: PageWeight;
    try {
      home = await measurePageScripts(browser, product.url, '/', PHONE, [LEAFLET]);
      contact = await measurePageScripts(browser, product.url, '/contact', PHONE, [LEAFLET]);
    } finally {
      await browser.close();
    }
    for (const page of [home, contact]) {
      log(
        `  ${page.path}: ${kb(page.totalGzipBytes)} gzip in ${String(page.scripts.length)} scripts`,
      );
    }
    const check = new TargetCheck()
      .expect(
        home.totalGzipBytes <= MAX_HOME_BYTES,
        `/ loads ${kb(home.totalGzipBytes)} > ${kb(MAX_HOME_BYTES)}`,
      )
      .expect(!loadsLeaflet(home), '/ loads Leaflet')
      .expect(loadsLeaflet(contact), '/contact does not load the map chunk');
    const where = (page: PageWeight) => (loadsLeaflet(page) ? 'yes' : 'no');
    return {
      scenario: 'home page JavaScript, first visit',
      product: `/ ${kb(home.totalGzipBytes)} gzip; Leaflet on / ${where(home)}, on /contact ${where(contact)}`,
      baseline: '-',
      ratio: null,
      floor: '-',
      floorRatio: null,
      target: `/ <= ${kb(MAX_HOME_BYTES)} gzip; Leaflet only on /contact`,
      met: check.met,
      missed: check.missed,
      measured: { home, contact },
    };
  },
};
