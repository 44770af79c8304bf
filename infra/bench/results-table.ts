import type { HaResult, ScenarioResult } from './bench-types';

const COLUMNS = [
  'scenario',
  'product',
  'echo or bare pool',
  'ratio',
  'floor (same durable work)',
  'ratio to floor',
  'target',
  'met',
] as const;

const HA_COLUMNS = [
  'scenario',
  'single (1 mongod, 1 Redis)',
  'HA (3-member replica set, Redis + replica + 3 Sentinels)',
  'throughput HA/single',
  'p99 HA/single',
  'target',
  'met',
] as const;

const ratioCell = (ratio: number | null) => (ratio === null ? '-' : ratio.toFixed(2));

const cells = (result: ScenarioResult): string[] => [
  result.scenario,
  result.product,
  result.baseline,
  ratioCell(result.ratio),
  result.floor,
  ratioCell(result.floorRatio),
  result.target,
  result.met ? 'yes' : 'no',
];

const haCells = (result: HaResult): string[] => [
  result.scenario,
  result.single,
  result.ha,
  ratioCell(result.throughputRatio),
  ratioCell(result.p99Ratio),
  result.target,
  result.met ? 'yes' : 'no',
];

/** Rows under a header as Markdown, padded to line up in a terminal and pasted as is in docs. */
export function markdownTable(columns: readonly string[], body: readonly string[][]): string {
  const rows = [[...columns], ...body];
  const widths = columns.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  const [header = [], ...rest] = rows;
  return [line(header), rule, ...rest.map(line)].join('\n');
}

/** The results as a Markdown table, padded to line up in a terminal and pasted as is in docs/performance.md. */
export function resultsTable(results: readonly ScenarioResult[]): string {
  return markdownTable(COLUMNS, results.map(cells));
}

/** `--ha`'s results, each scenario's two topologies side by side. */
export function haResultsTable(results: readonly HaResult[]): string {
  return markdownTable(HA_COLUMNS, results.map(haCells));
}
