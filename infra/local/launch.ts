import { launch } from './launcher';

const mode = process.argv[2];
if (mode !== 'start' && mode !== 'dev') {
  console.error('usage: node --import tsx infra/local/launch.ts start|dev');
  process.exit(2);
}
launch({ mode }).catch((error: unknown) => {
  console.error(
    `[local] could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
