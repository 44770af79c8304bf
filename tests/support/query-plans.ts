import mongoose from 'mongoose';
import { seedScale } from '../../infra/seed/seed-scale';
import { loadSeedConfig } from '../../infra/seed/settings';

/**
 * How much of three busy years the query-plan tests seed: whether an index is used does not
 * depend on the size, and at this scale every collection has a few hundred rows.
 */
export const QUERY_PLANS_SCALE = 0.005;

/** The scale seed, quietly, into the database of `env` (mongoose connected to it). */
export async function seedForQueryPlans(env: Record<string, string>, today: string): Promise<void> {
  await seedScale({
    scale: QUERY_PLANS_SCALE,
    connection: mongoose,
    config: loadSeedConfig(env),
    today,
    onProgress: () => undefined,
    log: () => undefined,
  });
}

/** The plan MongoDB runs, of an explained query: not those it weighed and rejected. */
export function winningPlanOf(explained: unknown): unknown {
  return (explained as { queryPlanner: { winningPlan: unknown } }).queryPlanner.winningPlan;
}

/** One command a piece of the product sent to MongoDB, as mongoose's debug hook saw it. */
export interface SentOperation {
  collection: string;
  method: string;
  args: unknown[];
}

/**
 * Every operation `run` sends through mongoose (models and `Model.collection` alike), in order:
 * mongoose's debug hook sees each one with the arguments it hands the driver, after casting.
 */
export async function capturedOperations(run: () => Promise<unknown>): Promise<SentOperation[]> {
  const sent: SentOperation[] = [];
  mongoose.set('debug', (collection: string, method: string, ...args: unknown[]) => {
    sent.push({ collection, method, args });
  });
  try {
    await run();
  } finally {
    mongoose.set('debug', false);
  }
  return sent;
}

type Doc = Record<string, unknown>;

const asDoc = (value: unknown): Doc =>
  value !== null && typeof value === 'object' ? (value as Doc) : {};

/** Of a driver's options, those a find or a findAndModify passes on to the server. */
function findOptions(options: Doc): Doc {
  const picked: Doc = {};
  for (const field of ['sort', 'limit', 'skip', 'projection', 'hint'] as const) {
    if (options[field] !== undefined) picked[field] = options[field];
  }
  return picked;
}

/** Normalises a driver sort (an object, or pairs) to the server's document form. */
function sortDocument(sort: unknown): Doc | undefined {
  if (sort === undefined || sort === null) return undefined;
  if (Array.isArray(sort)) {
    return Object.fromEntries(
      (sort as unknown[]).map((pair) => (Array.isArray(pair) ? [pair[0], pair[1]] : [pair, 1])),
    ) as Doc;
  }
  return asDoc(sort);
}

/**
 * The explain command of a captured operation, or null for one that reads nothing by a filter
 * (inserts, estimated counts, index builds). `count` says a countDocuments: the driver sends it
 * as an aggregation, and it is that aggregation that is explained.
 */
export function explainCommandOf(
  operation: SentOperation,
): { command: Doc; count: boolean } | null {
  const { collection, method, args } = operation;
  const [first, second, third] = args;
  switch (method) {
    case 'find':
    case 'findOne': {
      const options = findOptions(asDoc(second));
      const sort = sortDocument(options.sort);
      return {
        command: {
          find: collection,
          filter: asDoc(first),
          ...options,
          ...(sort ? { sort } : {}),
          ...(method === 'findOne' ? { limit: 1 } : {}),
        },
        count: false,
      };
    }
    case 'countDocuments': {
      const options = asDoc(second);
      const pipeline: Doc[] = [{ $match: asDoc(first) }];
      if (typeof options.skip === 'number') pipeline.push({ $skip: options.skip });
      if (typeof options.limit === 'number') pipeline.push({ $limit: options.limit });
      pipeline.push({ $group: { _id: 1, n: { $sum: 1 } } });
      return { command: { aggregate: collection, pipeline, cursor: {} }, count: true };
    }
    case 'aggregate':
      return { command: { aggregate: collection, pipeline: first, cursor: {} }, count: false };
    case 'distinct':
      return {
        command: { distinct: collection, key: first, query: asDoc(second) },
        count: false,
      };
    case 'findOneAndUpdate':
    case 'findOneAndReplace':
    case 'findOneAndDelete': {
      const options = asDoc(method === 'findOneAndDelete' ? second : third);
      const sort = sortDocument(options.sort);
      return {
        command: {
          findAndModify: collection,
          query: asDoc(first),
          ...(sort ? { sort } : {}),
          ...(method === 'findOneAndDelete' ? { remove: true } : { update: second }),
        },
        count: false,
      };
    }
    case 'updateOne':
    case 'updateMany':
    case 'replaceOne':
      return {
        command: {
          update: collection,
          updates: [
            {
              q: asDoc(first),
              u: second,
              multi: method === 'updateMany',
              upsert: asDoc(third).upsert === true,
            },
          ],
        },
        count: false,
      };
    case 'deleteOne':
    case 'deleteMany':
      return {
        command: {
          delete: collection,
          deletes: [{ q: asDoc(first), limit: method === 'deleteOne' ? 1 : 0 }],
        },
        count: false,
      };
    default:
      return null;
  }
}

/** The filter of an explain command, whatever the command calls it. */
function filterOf(command: Doc): Doc {
  if (command.filter !== undefined) return asDoc(command.filter);
  if (command.query !== undefined) return asDoc(command.query);
  const updates = command.updates ?? command.deletes;
  if (Array.isArray(updates)) return asDoc(asDoc(updates[0]).q);
  const pipeline = Array.isArray(command.pipeline) ? (command.pipeline as unknown[]) : [];
  return asDoc(asDoc(pipeline[0]).$match);
}

/** What an aggregation's explain calls the query under its pipeline (MongoDB 4.0 and later). */
function plansOf(explained: Doc): { plans: unknown[]; pipelineStages: string[] } {
  if (explained.queryPlanner !== undefined) {
    return { plans: [winningPlanOf(explained)], pipelineStages: [] };
  }
  const stages = Array.isArray(explained.stages) ? (explained.stages as Doc[]) : [];
  const plans: unknown[] = [];
  const pipelineStages: string[] = [];
  for (const stage of stages) {
    const cursor = asDoc(stage.$cursor);
    if (cursor.queryPlanner !== undefined) plans.push(winningPlanOf(cursor));
    else pipelineStages.push(...Object.keys(stage));
  }
  return { plans, pipelineStages };
}

/** Every stage name of a plan, depth first, through inputStage and inputStages. */
export function stagesOf(plan: unknown): string[] {
  const node = asDoc(plan);
  const names = typeof node.stage === 'string' ? [node.stage] : [];
  const children = [
    ...(node.inputStage === undefined ? [] : [node.inputStage]),
    ...(Array.isArray(node.inputStages) ? (node.inputStages as unknown[]) : []),
  ];
  return [...names, ...children.flatMap((child) => stagesOf(child))];
}

const FULL_RANGE = new Set(['[MinKey, MaxKey]', '[MaxKey, MinKey]']);

/**
 * Whether a plan reads an index from end to end: every bound of an IXSCAN the whole range. Only
 * the order of the index is used then, and a filter is applied to every row it holds.
 */
export function readsWholeIndex(plan: unknown): boolean {
  const node = asDoc(plan);
  if (node.stage === 'IXSCAN') {
    const bounds = Object.values(asDoc(node.indexBounds));
    return (
      bounds.length > 0 &&
      bounds.every(
        (field) =>
          Array.isArray(field) &&
          field.length === 1 &&
          typeof field[0] === 'string' &&
          FULL_RANGE.has(field[0]),
      )
    );
  }
  const children = [
    ...(node.inputStage === undefined ? [] : [node.inputStage]),
    ...(Array.isArray(node.inputStages) ? (node.inputStages as unknown[]) : []),
  ];
  return children.some((child) => readsWholeIndex(child));
}

/** The names of the indexes a plan reads. */
export function indexesOf(plan: unknown): string[] {
  const node = asDoc(plan);
  const own = typeof node.indexName === 'string' ? [node.indexName] : [];
  const children = [
    ...(node.inputStage === undefined ? [] : [node.inputStage]),
    ...(Array.isArray(node.inputStages) ? (node.inputStages as unknown[]) : []),
  ];
  return [...own, ...children.flatMap((child) => indexesOf(child))];
}

export interface ExplainedOperation {
  /** `collection.method`, for the report. */
  operation: string;
  stages: string[];
  indexes: string[];
  /** What is wrong with the plan: empty when every row it reads comes from an index, in order. */
  problems: string[];
}

/**
 * Explains an operation as it was sent and judges its plan: no COLLSCAN, no in-memory sort (a
 * SORT stage in the plan or a `$sort` left to the pipeline), and for a count, no row fetched
 * (COUNT_SCAN, or index keys alone).
 */
export async function explainOperation(
  operation: SentOperation,
): Promise<ExplainedOperation | null> {
  const explain = explainCommandOf(operation);
  if (!explain) return null;
  const db = mongoose.connection.db;
  if (!db) throw new Error('not connected to MongoDB');
  // The command itself: driver 6.16 refuses `aggregate().explain()` on a connection with a
  // write concern of its own (NODE-4184), which every connection has (platform/mongo.ts).
  const explained: Doc = await db.command({
    explain: explain.command,
    verbosity: 'queryPlanner',
  });
  const { plans, pipelineStages } = plansOf(explained);
  const stages = plans.flatMap((plan) => stagesOf(plan));
  const indexes = plans.flatMap((plan) => indexesOf(plan));
  const problems: string[] = [];
  if (stages.includes('COLLSCAN')) problems.push('COLLSCAN');
  if (stages.includes('SORT') || stages.includes('SORT_KEY_GENERATOR')) {
    problems.push('in-memory SORT');
  }
  if (pipelineStages.includes('$sort')) problems.push('in-memory $sort in the pipeline');
  // An index read end to end for a filtered query is a scan in the index's order: fine for the
  // first page of a list (a LIMIT stops it), a scan of the collection otherwise.
  const filtered = Object.keys(filterOf(explain.command)).length > 0;
  if (filtered && !stages.includes('LIMIT') && plans.some((plan) => readsWholeIndex(plan))) {
    problems.push('whole index read');
  }
  if (explain.count && stages.includes('FETCH')) problems.push('count FETCHes the rows');
  return {
    operation: `${operation.collection}.${operation.method}`,
    stages: [...stages, ...pipelineStages],
    indexes,
    problems,
  };
}
