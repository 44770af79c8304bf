import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import type { ZodRawShape } from 'zod';
import { apiEnv, workersEnv } from '../../api/src/config/env-schema';
import { ConfigError, loadConfig } from '../../api/src/config/load-config';
import { SERVER_ENTRIES } from '../../infra/build/build-server';

/**
 * The Kubernetes manifests agree with the code and with the schemas of the Kubernetes API: the
 * production overlay, rendered by `kubectl kustomize` as CI and `kubectl apply -k` would, gives
 * every variable of the env schema to the API and the workers (or leaves it to its default on
 * purpose, for a reason listed here), probes the endpoints the processes serve, stops within
 * their shutdown timeouts, and lets only the API be reached from outside.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OVERLAY = 'infra/k8s/overlays/production';

/** Schema variables deliberately left unset in the pods, so their default applies. */
const API_DEFAULTED: Record<string, string> = {
  S3_ENDPOINT: 'unset means AWS S3 itself; set it for another S3-compatible store',
  S3_KEY_PREFIX: 'no prefix: the bucket belongs to the product alone',
  CORS_ORIGINS: "the site is served on the API's own origin, which needs no CORS",
  MAILBOX_URL: 'the /dev/mailbox page, which production never serves',
  GOOGLE_CLIENT_ID: 'Google sign-in stays off until a client is registered (with its secret)',
  GOOGLE_AUTHORIZATION_URL: "Google's own endpoint; the override is for tests",
  GOOGLE_TOKEN_URL: "Google's own endpoint; the override is for tests",
  GOOGLE_USERINFO_URL: "Google's own endpoint; the override is for tests",
  STRIPE_API_URL: "Stripe's own API; the override is for tests",
  STRIPE_PUBLISHABLE_KEY: 'set together with the Stripe secret keys, which the example has not',
  MAP_TILE_URL: "OpenStreetMap's tiles until a tile server of our own is paid for",
};

const WORKERS_DEFAULTED: Record<string, string> = {
  S3_ENDPOINT: API_DEFAULTED.S3_ENDPOINT ?? '',
  S3_KEY_PREFIX: API_DEFAULTED.S3_KEY_PREFIX ?? '',
  WORKER_QUEUES: 'every workers pod serves every queue',
  STRIPE_API_URL: "Stripe's own API; the override is for tests",
};

type Obj = Record<string, unknown>;

const isRecord = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const rec = (value: unknown): Obj => (isRecord(value) ? value : {});
const list = (value: unknown): Obj[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const str = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '';

/** Every kind the overlay may contain, with the model that validates it. */
const MODELS: Record<string, (data: Obj) => { validate(): void }> = {
  'v1/Namespace': (data) => new Namespace(data),
  'v1/ConfigMap': (data) => new ConfigMap(data),
  'v1/Secret': (data) => new Secret(data),
  'v1/Service': (data) => new Service(data),
  'apps/v1/Deployment': (data) => new Deployment(data),
  'batch/v1/Job': (data) => new Job(data),
  'policy/v1/PodDisruptionBudget': (data) => new PodDisruptionBudget(data),
  'autoscaling/v2/HorizontalPodAutoscaler': (data) => new HorizontalPodAutoscaler(data),
  'networking.k8s.io/v1/Ingress': (data) => new Ingress(data),
  'networking.k8s.io/v1/NetworkPolicy': (data) => new NetworkPolicy(data),
};

const kindOf = (object: Obj): string => `${str(object.apiVersion)}/${str(object.kind)}`;
const nameOf = (object: Obj): string => str(rec(object.metadata).name);

/** Runs kubectl; a machine without it fails here, loudly: CI has it and must run these checks. */
function render(): string {
  try {
    return execFileSync('kubectl', ['kustomize', OVERLAY], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    if (isRecord(error) && error.code === 'ENOENT') {
      throw new Error(
        'kubectl is not installed: these tests render the overlay with `kubectl kustomize` ' +
          '(CI machines have it). Install kubectl to run them.',
        { cause: error },
      );
    }
    const stderr = isRecord(error) ? str(error.stderr) : '';
    throw new Error(`kubectl kustomize ${OVERLAY} failed:\n${stderr || String(error)}`, {
      cause: error,
    });
  }
}

/**
 * kustomize wraps a long base64 value of a Secret over lines, which the API server's decoder
 * skips but the schema's "byte" format does not: compare the value the server reads.
 */
function asServerReadsIt(object: Obj): Obj {
  if (object.kind !== 'Secret' || !isRecord(object.data)) return object;
  const data = Object.fromEntries(
    Object.entries(object.data).map(([key, value]) => [key, str(value).replace(/\s+/g, '')]),
  );
  return { ...object, data };
}

let objects: Obj[] = [];

function find(kind: string, name: string): Obj {
  const found = objects.find((object) => object.kind === kind && nameOf(object) === name);
  if (!found) throw new Error(`the rendered overlay has no ${kind} "${name}"`);
  return found;
}

const podSpecOf = (workload: Obj): Obj => rec(rec(rec(workload.spec).template).spec);

function containerOf(workload: Obj): Obj {
  const container = list(podSpecOf(workload).containers)[0];
  if (!container) throw new Error(`${nameOf(workload)} has no container`);
  return container;
}

/** ConfigMap and Secret data by their rendered names (a Secret's data is base64). */
function dataOf(kind: 'ConfigMap' | 'Secret', name: string): Map<string, string> | undefined {
  const object = objects.find((candidate) => candidate.kind === kind && nameOf(candidate) === name);
  if (!object) return undefined;
  const entries = Object.entries(rec(object.data)).map(([key, value]): [string, string] => [
    key,
    kind === 'Secret' ? Buffer.from(str(value), 'base64').toString('utf8') : str(value),
  ]);
  return new Map(entries);
}

interface ContainerEnv {
  env: Map<string, string>;
  /** References to a ConfigMap, Secret or key the overlay does not render. */
  broken: string[];
}

/** The environment a container gets: envFrom ConfigMaps and Secrets, then env entries. */
function environmentOf(container: Obj): ContainerEnv {
  const env = new Map<string, string>();
  const broken: string[] = [];
  for (const source of list(container.envFrom)) {
    const [kind, ref] = isRecord(source.secretRef)
      ? (['Secret', source.secretRef] as const)
      : (['ConfigMap', rec(source.configMapRef)] as const);
    const data = dataOf(kind, str(ref.name));
    if (!data) {
      if (ref.optional !== true) broken.push(`envFrom ${kind} ${str(ref.name)}`);
      continue;
    }
    for (const [key, value] of data) env.set(key, value);
  }
  for (const entry of list(container.env)) {
    const name = str(entry.name);
    if ('value' in entry) {
      env.set(name, str(entry.value));
      continue;
    }
    const from = rec(entry.valueFrom);
    const [kind, ref] = isRecord(from.secretKeyRef)
      ? (['Secret', from.secretKeyRef] as const)
      : (['ConfigMap', rec(from.configMapKeyRef)] as const);
    const value = dataOf(kind, str(ref.name))?.get(str(ref.key));
    if (value === undefined && ref.optional !== true) {
      broken.push(`${name} from ${kind} ${str(ref.name)} key ${str(ref.key)}`);
    }
    env.set(name, value ?? '');
  }
  return { env, broken };
}

function problemsOf(shape: ZodRawShape, env: Map<string, string>): string[] {
  try {
    loadConfig(shape, Object.fromEntries(env));
    return [];
  } catch (error) {
    return error instanceof ConfigError ? error.problems : [String(error)];
  }
}

const number = (env: Map<string, string>, name: string, fallback: number): number =>
  Number(env.get(name) ?? fallback);

beforeAll(() => {
  objects = parseAllDocuments(render()).map((document) => rec(document.toJS()));
});

describe(`the overlay ${OVERLAY}`, () => {
  it('renders objects of the kinds these manifests use', () => {
    expect(objects.length).toBeGreaterThan(0);
    const unknown = objects.map(kindOf).filter((kind) => !(kind in MODELS));
    expect(unknown, 'kinds this test has no Kubernetes schema for').toEqual([]);
  });

  it('renders only objects valid against the Kubernetes schemas', () => {
    const invalid = objects.flatMap((object) => {
      const model = MODELS[kindOf(object)];
      if (!model) return [];
      try {
        model(asServerReadsIt(object)).validate();
        return [];
      } catch (error) {
        return [`${kindOf(object)} ${nameOf(object)}: ${String(error)}`];
      }
    });
    expect(invalid, 'objects the Kubernetes schemas refuse').toEqual([]);
  });

  it('puts everything in one namespace it creates', () => {
    const namespaces = objects.filter((object) => object.kind === 'Namespace').map(nameOf);
    expect(namespaces).toHaveLength(1);
    const outside = objects
      .filter((object) => object.kind !== 'Namespace')
      .filter((object) => str(rec(object.metadata).namespace) !== namespaces[0])
      .map((object) => `${kindOf(object)} ${nameOf(object)}`);
    expect(outside, 'objects outside the namespace').toEqual([]);
  });

  it('pins the image tags of every container', () => {
    const workloads = objects.filter((object) => ['Deployment', 'Job'].includes(str(object.kind)));
    const images = workloads.flatMap((workload) =>
      list(podSpecOf(workload).containers).map((container) => str(container.image)),
    );
    const unpinned = images.filter(
      (image) => !/:[\w][\w.-]*$/.test(image) || /:latest$/.test(image),
    );
    expect(images.length).toBeGreaterThan(0);
    expect(unpinned, 'images without a pinned tag').toEqual([]);
  });

  it('holds placeholders only in the example Secret', () => {
    const secrets = objects.filter((object) => object.kind === 'Secret').map(nameOf);
    const real = secrets.flatMap((name) =>
      [...(dataOf('Secret', name) ?? [])]
        .filter(([, value]) => value !== '' && !value.includes('REPLACE_ME'))
        .map(([key]) => `${name}: ${key}`),
    );
    expect(real, 'secret values that are not REPLACE_ME placeholders').toEqual([]);
  });
});

describe('the environment of the pods', () => {
  const cases = [
    ['api', 'Deployment', 'api', apiEnv, API_DEFAULTED],
    ['workers', 'Deployment', 'workers', workersEnv, WORKERS_DEFAULTED],
  ] as const;

  it.each(cases)('gives %s every variable of its schema or leaves it on purpose', (...args) => {
    const [, kind, name, shape, defaulted] = args;
    const { env } = environmentOf(containerOf(find(kind, name)));
    const missing = Object.keys(shape).filter(
      (variable) => !env.has(variable) && !(variable in defaulted),
    );
    expect(missing, `${name}: variables neither configured nor in the defaulted list`).toEqual([]);
  });

  it.each(cases)('keeps the defaulted list of %s true to the schema and the pods', (...args) => {
    const [, kind, name, shape, defaulted] = args;
    const { env } = environmentOf(containerOf(find(kind, name)));
    const stale = Object.keys(defaulted).filter(
      (variable) => !(variable in shape) || env.has(variable),
    );
    expect(stale, `${name}: listed as defaulted but configured, or not in the schema`).toEqual([]);
  });

  it.each([...cases, ['db-indexes', 'Job', 'db-indexes', apiEnv, {}]] as const)(
    'gives %s no variable its schema does not read',
    (...args) => {
      const [, kind, name, shape] = args;
      const { env } = environmentOf(containerOf(find(kind, name)));
      const allowed = new Set(Object.keys(shape));
      const unknown = [...env.keys()].filter((variable) => !allowed.has(variable));
      expect(unknown, `${name}: variables its schema does not read`).toEqual([]);
    },
  );

  it.each([...cases, ['db-indexes', 'Job', 'db-indexes', apiEnv, {}]] as const)(
    'gives %s values its schema accepts, from objects that exist',
    (...args) => {
      const [, kind, name, shape] = args;
      const { env, broken } = environmentOf(containerOf(find(kind, name)));
      expect(broken, `${name}: references to ConfigMaps, Secrets or keys not rendered`).toEqual([]);
      expect(problemsOf(shape, env), `${name}: values its schema refuses`).toEqual([]);
      expect(env.get('NODE_ENV'), `${name}: NODE_ENV`).toBe('production');
    },
  );

  it.each(['api', 'workers'])('%s runs with MongoDB autoIndex off', (name) => {
    const { env } = environmentOf(containerOf(find('Deployment', name)));
    expect(env.get('MONGO_AUTO_INDEX'), `${name}: MONGO_AUTO_INDEX`).toBe('false');
  });

  // The storage keys they do get: the daily retention job deletes booking photos a year after
  // the visit (docs/product.md#privacy). infra/k8s/README.md says how to give them a key that can
  // only delete.
  it('keeps the workers away from the login secrets', () => {
    const { env } = environmentOf(containerOf(find('Deployment', 'workers')));
    const leaked = ['JWT_SECRET', 'GOOGLE_CLIENT_SECRET'].filter((name) => env.has(name));
    expect(leaked).toEqual([]);
  });
});

describe('the API', () => {
  const deployment = () => find('Deployment', 'api');

  it('runs at least two pods, spread over nodes, and never autoscales below two', () => {
    expect(Number(rec(deployment().spec).replicas)).toBeGreaterThanOrEqual(2);
    const pod = podSpecOf(deployment());
    const spread = list(pod.topologySpreadConstraints).map((constraint) =>
      str(constraint.topologyKey),
    );
    const antiAffinity = isRecord(rec(pod.affinity).podAntiAffinity);
    expect(spread.includes('kubernetes.io/hostname') || antiAffinity).toBe(true);
    const hpa = find('HorizontalPodAutoscaler', 'api');
    expect(rec(rec(hpa.spec).scaleTargetRef)).toMatchObject({ kind: 'Deployment', name: 'api' });
    expect(Number(rec(hpa.spec).minReplicas)).toBeGreaterThanOrEqual(2);
  });

  it('listens on 0.0.0.0 at the port its probes and Service use', () => {
    const container = containerOf(deployment());
    const { env } = environmentOf(container);
    expect(env.get('HOST')).toBe('0.0.0.0');
    const port = number(env, 'PORT', 8080);
    const http = list(container.ports).find((entry) => Number(entry.containerPort) === port);
    expect(http, `a container port ${port}`).toBeDefined();
    const portName = str(http?.name);
    for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
      const target = str(rec(rec(container[probe]).httpGet).port);
      expect([portName, String(port)], `${probe} port`).toContain(target);
    }
    const service = find('Service', 'api');
    expect(rec(rec(service.spec).selector)).toEqual(
      rec(rec(rec(deployment().spec).selector).matchLabels),
    );
    const targets = list(rec(service.spec).ports).map((entry) => str(entry.targetPort));
    expect(targets.some((target) => [portName, String(port)].includes(target))).toBe(true);
  });

  it('is live on /healthz and ready on /readyz', () => {
    const container = containerOf(deployment());
    expect(str(rec(rec(container.livenessProbe).httpGet).path)).toBe('/healthz');
    expect(str(rec(rec(container.readinessProbe).httpGet).path)).toBe('/readyz');
  });

  it('pauses before SIGTERM and gets its shutdown timeout after the pause', () => {
    const container = containerOf(deployment());
    const command = list([rec(rec(container.lifecycle).preStop).exec])[0]?.command;
    const sleep = Array.isArray(command) ? command.map(str) : [];
    expect(sleep[0], 'preStop runs sleep').toBe('sleep');
    const pauseSeconds = Number(sleep[1]);
    expect(pauseSeconds).toBeGreaterThan(0);
    const { env } = environmentOf(container);
    const graceSeconds = Number(podSpecOf(deployment()).terminationGracePeriodSeconds ?? 30);
    const shutdownSeconds = number(env, 'SHUTDOWN_TIMEOUT_MS', 10_000) / 1000;
    expect(graceSeconds).toBeGreaterThan(pauseSeconds + shutdownSeconds);
  });

  it('is served by the Ingress, to the Service of its pods', () => {
    const ingress = objects.filter((object) => object.kind === 'Ingress');
    expect(ingress.length).toBeGreaterThan(0);
    const backends = ingress.flatMap((object) =>
      list(rec(object.spec).rules).flatMap((rule) =>
        list(rec(rule.http).paths).map((entry) => str(rec(rec(entry.backend).service).name)),
      ),
    );
    expect(new Set(backends)).toEqual(new Set(['api']));
    const services = objects.filter((object) => object.kind === 'Service');
    expect(services.map(nameOf)).toEqual(['api']);
    expect(str(rec(services[0]?.spec).type || 'ClusterIP')).toBe('ClusterIP');
  });
});

describe('the workers', () => {
  const deployment = () => find('Deployment', 'workers');

  it('are live on /healthz and ready on /readyz at WORKERS_HEALTH_PORT, on every interface', () => {
    const container = containerOf(deployment());
    const { env } = environmentOf(container);
    expect(env.get('WORKERS_METRICS_HOST')).toBe('0.0.0.0');
    const port = number(env, 'WORKERS_HEALTH_PORT', 0);
    const named = list(container.ports).find((entry) => Number(entry.containerPort) === port);
    expect(named, `a container port ${port}`).toBeDefined();
    const accepted = [str(named?.name), String(port)];
    for (const [probe, pathName] of [
      ['livenessProbe', '/healthz'],
      ['readinessProbe', '/readyz'],
    ] as const) {
      const httpGet = rec(rec(container[probe]).httpGet);
      expect(str(httpGet.path), `${probe} path`).toBe(pathName);
      expect(accepted, `${probe} port`).toContain(str(httpGet.port));
    }
  });

  it('get longer than WORKER_SHUTDOWN_TIMEOUT_MS to stop', () => {
    const { env } = environmentOf(containerOf(deployment()));
    const graceSeconds = Number(podSpecOf(deployment()).terminationGracePeriodSeconds ?? 30);
    expect(graceSeconds * 1000).toBeGreaterThan(number(env, 'WORKER_SHUTDOWN_TIMEOUT_MS', 30_000));
  });
});

describe('the index Job', () => {
  const script = SERVER_ENTRIES['cli/db-indexes'];

  it('runs the compiled db-indexes command with the API image, as the image runs the API', () => {
    const job = find('Job', 'db-indexes');
    const container = containerOf(job);
    expect(str(container.image)).toBe(str(containerOf(find('Deployment', 'api')).image));
    const command = Array.isArray(container.command) ? container.command.map(str) : [];
    expect(command).toEqual(['node', '--enable-source-maps', 'api/dist/cli/db-indexes.js']);
    expect(str(podSpecOf(job).restartPolicy)).not.toBe('Always');
  });

  it('runs what `npm run db:indexes` runs, if the script is there yet', () => {
    const manifest: unknown = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    const npmScript = str(rec(rec(manifest).scripts)['db:indexes']);
    if (npmScript) expect(npmScript).toContain(script);
    if (npmScript || existsSync(path.join(repoRoot, script))) {
      expect(existsSync(path.join(repoRoot, script)), `${script} exists`).toBe(true);
    }
  });
});

describe('disruptions and the network', () => {
  it.each(['api', 'workers'])('a PodDisruptionBudget covers the %s pods', (name) => {
    const labels = rec(rec(rec(rec(find('Deployment', name).spec).template).metadata).labels);
    const budgets = objects.filter((object) => {
      if (object.kind !== 'PodDisruptionBudget') return false;
      const selector = rec(rec(rec(object.spec).selector).matchLabels);
      const keys = Object.keys(selector);
      return keys.length > 0 && keys.every((key) => labels[key] === selector[key]);
    });
    expect(budgets.map(nameOf), `budgets selecting the ${name} pods`).toHaveLength(1);
  });

  it('denies all ingress by default', () => {
    const denyAll = objects.filter((object) => {
      const spec = rec(object.spec);
      const types = Array.isArray(spec.policyTypes) ? spec.policyTypes.map(str) : [];
      return (
        object.kind === 'NetworkPolicy' &&
        Object.keys(rec(spec.podSelector)).length === 0 &&
        types.includes('Ingress') &&
        list(spec.ingress).length === 0
      );
    });
    expect(denyAll.map(nameOf)).toHaveLength(1);
  });

  it('lets in traffic from outside the cluster to the API only, other pods from monitoring', () => {
    const offences: string[] = [];
    for (const policy of objects.filter((object) => object.kind === 'NetworkPolicy')) {
      const spec = rec(policy.spec);
      const selects = rec(rec(spec.podSelector).matchLabels)['app.kubernetes.io/name'];
      if (selects === 'api') continue;
      for (const rule of list(spec.ingress)) {
        const peers = list(rule.from);
        const onlyMonitoring =
          peers.length > 0 &&
          peers.every(
            (peer) =>
              !('ipBlock' in peer) &&
              rec(rec(peer.namespaceSelector).matchLabels)['kubernetes.io/metadata.name'] ===
                'monitoring',
          );
        if (!onlyMonitoring)
          offences.push(`${nameOf(policy)} lets ${str(selects) || 'every pod'} in`);
      }
    }
    expect(offences, 'policies opening pods other than the API').toEqual([]);
  });
});

describe('the pods', () => {
  const workloads = () =>
    objects.filter((object) => object.kind === 'Deployment' || object.kind === 'Job');

  it('run as a non-root user on a read-only root filesystem with /tmp writable', () => {
    const offences = workloads().flatMap((workload) => {
      const pod = podSpecOf(workload);
      const podSecurity = rec(pod.securityContext);
      const volumes = new Map(list(pod.volumes).map((volume) => [str(volume.name), volume]));
      return list(pod.containers).flatMap((container) => {
        const security = { ...podSecurity, ...rec(container.securityContext) };
        const where = `${nameOf(workload)}/${str(container.name)}`;
        const problems: string[] = [];
        if (security.runAsNonRoot !== true) problems.push(`${where}: runAsNonRoot`);
        if (!(Number(security.runAsUser) > 0))
          problems.push(`${where}: numeric non-zero runAsUser`);
        if (security.readOnlyRootFilesystem !== true) problems.push(`${where}: read-only root`);
        if (security.allowPrivilegeEscalation !== false) problems.push(`${where}: no escalation`);
        const tmp = list(container.volumeMounts).find((mount) => mount.mountPath === '/tmp');
        if (!tmp || !isRecord(volumes.get(str(tmp.name))?.emptyDir)) {
          problems.push(`${where}: an emptyDir at /tmp`);
        }
        return problems;
      });
    });
    expect(offences, 'pod security settings missing').toEqual([]);
  });

  it('request and limit CPU and memory', () => {
    const missing = workloads().flatMap((workload) =>
      list(podSpecOf(workload).containers).flatMap((container) => {
        const resources = rec(container.resources);
        return ['requests', 'limits'].flatMap((part) =>
          ['cpu', 'memory']
            .filter((resource) => !str(rec(resources[part])[resource]))
            .map((resource) => `${nameOf(workload)}: ${part}.${resource}`),
        );
      }),
    );
    expect(missing).toEqual([]);
  });
});
