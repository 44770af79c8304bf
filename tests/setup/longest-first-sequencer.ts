import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * vitest's order with one change: within a group (`sequence.groupOrder`) the files of all its
 * projects are mixed, longest first, where vitest runs a group's projects one after the other by
 * name. The browser group holds the e2e files and the failover suite (five minutes, the longest
 * file of the run): in name order it started once every e2e file had, and ran its minutes with
 * the group's other worker idle. Otherwise as vitest: groups in order, a file that failed last
 * time first, then files never timed (largest first, as on a fresh clone), then by the time the
 * last run took.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const keyOf = (spec: TestSpecification) =>
      `${spec.project.name}:${relative(config.root, spec.moduleId)}`;
    const rank = (spec: TestSpecification): [number, number] => {
      const result = cache.getFileTestResults(keyOf(spec));
      if (result?.failed) return [0, -result.duration];
      if (!result) return [1, -(cache.getFileStats(keyOf(spec))?.size ?? 0)];
      return [2, -result.duration];
    };
    return Promise.resolve(
      [...files].sort((a, b) => {
        const byGroup = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
        if (byGroup !== 0) return byGroup;
        const [classA, weightA] = rank(a);
        const [classB, weightB] = rank(b);
        return classA - classB || weightA - weightB;
      }),
    );
  }
}
