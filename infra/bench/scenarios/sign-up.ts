import { UserModel } from '../../../api/src/accounts/user-model';
import type { Scenario } from '../bench-types';
import { jsonPosts, measureJsonScenario } from '../json-scenario';
import { waitUntilQuiet } from '../settle';
import { ratioOf, TargetCheck } from '../targets';

/** A password hash takes tens of milliseconds of a core: a few at once already fill two cores. */
const CONNECTIONS = 10;
const DOMAIN = 'sign-up.bench.test';
/** Long enough, and not on the product's list of common passwords. */
const PASSWORD = 'bench-Garden-Shed-7341';

/**
 * New accounts from the sign-up form, each with an address never seen before. Its floor
 * (baselines/floor-sign-up.ts): bare Express hashing the password at the product's cost, one
 * insert of the user with the raw driver and the welcome email's queue add. Issue 20 sets no
 * ratio for it: the hash is most of its cost, on both sides.
 */
export const signUpScenario: Scenario = {
  name: 'sign-up',
  async run(context) {
    const { sizes } = context;
    const { baseline, floor, result, shape } = await measureJsonScenario(context, {
      connections: CONNECTIONS,
      request: jsonPosts('/api/auth/register', (sequence) => ({
        email: `customer-${String(sequence)}@${DOMAIN}`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'Bench',
        lastName: 'Customer',
        address: '1 Yonge St, Toronto, ON',
      })),
      floorRoute: '/sign-up',
      floorWork: 'bare Express, argon2id hash, one insert (raw mongodb driver), one queue add',
    });

    await waitUntilQuiet(context);
    const accepted = result.warmUpSucceeded + result.succeeded;
    const stored = await UserModel.countDocuments({
      email: { $regex: `@${DOMAIN.replaceAll('.', '\\.')}$` },
    });
    const floorRatio = ratioOf(result.perSecond, floor.perSecond);
    const check = new TargetCheck()
      .expect(result.errors === 0, `${String(result.errors)} errors`)
      // Requests cut off when the time was up may have made accounts too: more is fine.
      .expect(stored >= accepted, `${String(accepted)} accepted, ${String(stored)} stored`)
      .expect(floor.errors === 0, `the floor had ${String(floor.errors)} errors`);
    return {
      scenario: `POST /api/auth/register (${shape})`,
      product: `${String(result.perSecond)} req/s, p99 ${String(result.p99Ms)} ms, ${String(result.errors)} errors; ${String(accepted)} accounts accepted, ${String(stored)} stored`,
      baseline: `${String(baseline.perSecond)} req/s, p99 ${String(baseline.p99Ms)} ms`,
      ratio: ratioOf(result.perSecond, baseline.perSecond),
      floor: `${String(floor.perSecond)} req/s, p99 ${String(floor.p99Ms)} ms`,
      floorRatio,
      target: 'no errors, every account stored (no ratio target)',
      met: check.met,
      missed: check.missed,
      measured: {
        connections: CONNECTIONS,
        seconds: sizes.seconds,
        product: result,
        baseline,
        floor,
        stored: { accepted, stored },
      },
    };
  },
};
