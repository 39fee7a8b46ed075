import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import type { DatabaseHandle } from './db/database';
import { systemClock, type Clock } from './lib/clock';
import { zodValidatorCompiler } from './lib/validation';
import { createAlgoConfigRepository } from './modules/algo-config/algo-config.repository';
import { algoConfigRoutes } from './modules/algo-config/algo-config.routes';
import { createAlgoConfigService } from './modules/algo-config/algo-config.service';
import { systemRoutes } from './modules/system/system.routes';
import { createVersionReader } from './modules/system/version';
import { createTrackingRepository } from './modules/tracking/tracking.repository';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { createTrackingService } from './modules/tracking/tracking.service';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { webPlugin } from './plugins/web';
import packageJson from '../../../package.json' with { type: 'json' };

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
};

/** The composition root: builds every module's repository and service and mounts its routes. */
export async function buildApp({ config, database, clock = systemClock }: AppDeps) {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const getVersion = createVersionReader({
    configured: config.appVersion,
    packageVersion: packageJson.version,
    webDistDir: config.webDistDir,
  });

  await app.register(errorsPlugin);
  await app.register(openapiPlugin, { version: packageJson.version });

  const algoConfig = createAlgoConfigService({
    repository: createAlgoConfigRepository(database.db),
  });
  const tracking = createTrackingService({
    repository: createTrackingRepository(database.db),
    clock,
  });

  await app.register(systemRoutes, { ping: () => database.ping(), getVersion });
  await app.register(algoConfigRoutes, { service: algoConfig });
  await app.register(trackingRoutes, { service: tracking });
  await app.register(webPlugin, { distDir: config.webDistDir });

  app.addHook('onReady', async () => {
    await algoConfig.seedDefaults();
  });

  return app as unknown as FastifyInstance;
}
