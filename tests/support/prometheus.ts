/** One sample of Prometheus text exposition: `name{label="value",...} number`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([A-Za-z_:][A-Za-z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /([A-Za-z_][A-Za-z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parsePrometheusText(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = SAMPLE.exec(line.trim());
    if (!match?.[1] || line.startsWith('#')) return [];
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(LABEL)].map((label) => [label[1] ?? '', label[2] ?? '']),
    );
    return [{ name: match[1], labels, value: Number(match[3]) }];
  });
}

/**
 * The value of the sample `name` whose labels include all of `labels`; 0 when there is none yet
 * (a labelled counter appears with its first increment).
 */
export function sampleValue(text: string, name: string, labels: Record<string, string>): number {
  const found = parsePrometheusText(text).find(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found?.value ?? 0;
}
