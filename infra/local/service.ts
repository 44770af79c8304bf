/** A server the local stack started, and how to stop it. */
export interface LocalService {
  name: string;
  /** What a person reads in the start-up output. */
  description: string;
  /** Process ids the service runs as (empty when it runs inside the launcher). */
  pids: number[];
  stop(): Promise<void>;
}

export type LogLine = (line: string) => void;
