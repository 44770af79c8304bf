import { residentMb } from '../load/process-memory';

export interface MemoryUse {
  startMb: number | null;
  endMb: number | null;
  peakMb: number | null;
  /** One sample every 10 s: a leak climbs, a heap that settles does not. */
  every10s: number[];
}

export interface MemorySampler {
  stop(): MemoryUse;
}

/** Samples a process's resident memory once a second until stopped. */
export function sampleMemory(pid: number | undefined): MemorySampler {
  const seen: number[] = [];
  const sample = () => {
    const mb = residentMb(pid);
    if (mb !== null) seen.push(mb);
  };
  sample();
  const timer = setInterval(sample, 1_000);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return {
        startMb: seen[0] ?? null,
        endMb: seen.at(-1) ?? null,
        peakMb: seen.length ? Math.max(...seen) : null,
        every10s: seen.filter((_, index) => index % 10 === 0),
      };
    },
  };
}
