import { createApiContext } from './server/api-context';
import { loadApiConfig } from './config/api-config';
import { createApp } from './server/app';
import { listen } from './http/http-server';
import { createLogger } from './platform/logger';
import { exitOnStartupError, onShutdownSignal } from './platform/process-signals';

async function main(): Promise<void> {
  const config = loadApiConfig();
  const logger = createLogger({ name: 'api', level: config.LOG_LEVEL });
  const context = await createApiContext(config, logger);
  const running = await listen(createApp(context), config.PORT, config.HOST);
  onShutdownSignal(logger, async () => {
    await running.close(config.SHUTDOWN_TIMEOUT_MS);
    await context.close();
    logger.info('api stopped');
  });
  logger.info({ port: running.port }, 'api listening');
}

main().catch((error: unknown) => exitOnStartupError('api', error));
