import type { ScenarioResult } from './bench-types';

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

/** The results as a Markdown table, padded to line up in a terminal and pasted as is in docs/performance.md. */
export function resultsTable(results: readonly ScenarioResult[]): string {
  const rows = [[...COLUMNS], ...results.map(cells)];
  const widths = COLUMNS.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  const [header = [], ...body] = rows;
  return [line(header), rule, ...body.map(line)].join('\n');
}
