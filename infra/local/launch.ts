import { launch } from './launcher';

const [mode, ...flags] = process.argv.slice(2);
if ((mode !== 'start' && mode !== 'dev') || flags.some((flag) => flag !== '--ha')) {
  console.error('usage: node --import tsx infra/local/launch.ts start|dev [--ha]');
  process.exit(2);
}
launch({ mode, topology: flags.includes('--ha') ? 'ha' : undefined }).catch((error: unknown) => {
  console.error(
    `[local] could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
