import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import type { DatabaseHandle } from './db/database';
import { systemClock, type Clock } from './lib/clock';
import { answerUnreadablePath, refuseUnsafeInput, zodValidatorCompiler } from './lib/validation';
import { createAlgoConfigRepository } from './modules/algo-config/algo-config.repository';
import { algoConfigRoutes } from './modules/algo-config/algo-config.routes';
import { createAlgoConfigService } from './modules/algo-config/algo-config.service';
import { systemRoutes } from './modules/system/system.routes';
import { createVersionReader } from './modules/system/version';
import { createTrackingRepository } from './modules/tracking/tracking.repository';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { createTrackingService } from './modules/tracking/tracking.service';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import { createMailer, mailDirFor } from './adapters/mail/create-mailer';
import { createFileSmsSender, smsDirFor } from './adapters/sms/file-sms-sender';
import { createLocalObjectStore } from './adapters/storage/local-object-store';
import type { ObjectStore } from './adapters/storage/object-store';
import { withPublicUrls } from './adapters/storage/public-urls';
import { trackRequestOrigins } from './lib/request-origin';
import { createS3ObjectStore } from './adapters/storage/s3-object-store';
import { createLocalEventBus } from './lib/event-bus';
import { createPgEventBus } from './lib/pg-event-bus';
import { readOrCreateSecret } from './lib/secrets';
import { createAssetsRepository } from './modules/assets/assets.repository';
import { assetsRoutes } from './modules/assets/assets.routes';
import { createAssetsService } from './modules/assets/assets.service';
import { createResultFolders } from './modules/assets/result-folders';
import { createImageThread } from './modules/media/image-threads';
import { createCharactersRepository } from './modules/characters/characters.repository';
import { charactersRoutes } from './modules/characters/characters.routes';
import { createCharactersService } from './modules/characters/characters.service';
import { createEcommerceRepository } from './modules/ecommerce/ecommerce.repository';
import { ecommerceRoutes } from './modules/ecommerce/ecommerce.routes';
import { createEcommerceService } from './modules/ecommerce/ecommerce.service';
import { readTextLines } from '@lumen/engines/ml/text-reader';
import { imageRulesOf } from '@lumen/contracts/tools';
import { parseLanguage } from '@lumen/contracts/i18n';
import { createEmbeddedWorkerApi } from './modules/generation/embedded-worker-api';
import { stagingPrefix, type GenerationMedia } from './modules/generation/generation.ports';
import { createGenerationRepository } from './modules/generation/generation.repository';
import { generationRoutes } from './modules/generation/generation.routes';
import { createGenerationService } from './modules/generation/generation.service';
import { createQueueService } from './modules/generation/queue.service';
import { createQueueLoad } from './modules/generation/queue-load';
import { createQueueWatch } from './modules/generation/queue-watch';
import { enrichPrompt } from './modules/generation/magic-prompt';
import { createOpenAiEngine } from '@lumen/engines/openai/openai-engine';
import { createThreadedNsfwScorer } from '@lumen/engines/ml/nsfw-scorer';
import { createFaceDetector } from '@lumen/engines/ml/face-detector';
import { uploadTypes } from '@lumen/contracts/media';
import { workerRoutes } from './modules/generation/worker.routes';
import { createTaskStatsRepository } from './modules/generation/task-stats.repository';

import { createEngines } from './modules/engines/engines.module';
import { enginesRoutes } from './modules/engines/engines.routes';
import { gatewaySubmitSchema } from '@lumen/contracts/tasks';
import { taskTypeDefinitions } from '@lumen/contracts/task-types';
import { probeVideoFacts } from '@lumen/engines/media-probe';
import { voiceSample } from '@lumen/engines/local/speech/speak';
import { voicesRoutes } from './modules/generation/voices.routes';
import { faceCheckRoutes } from './modules/generation/face-check.routes';
import { effectPreviewsRoutes } from './modules/generation/effect-previews.routes';
import {
  isPreviewableEffect,
  renderEffectPreview,
} from '@lumen/engines/local/video-tools/effect-preview';
import { localFileRoutes } from './modules/media/files.routes';
import { mediaApiRoutes } from './modules/media/media-api.routes';
import { createMediaRepository } from './modules/media/media.repository';
import { createMediaService } from './modules/media/media.service';
import { mediaRoutes } from './modules/media/media.routes';
import { createAccountRepository } from './modules/account/account.repository';
import { accountRoutes } from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import { createMinorsRepository } from './modules/minors/minors.repository';
import { consentGate, minorsRoutes } from './modules/minors/minors.routes';
import { createMinorsService } from './modules/minors/minors.service';
import { authPlugin } from './modules/auth/auth.plugin';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createCaptchaService } from './modules/auth/captcha.service';
import { createOAuthVerifier } from './modules/auth/oauth/oauth-verifier';
import { createWeChatBindingRepository } from './modules/auth/wechat/wechat-binding.repository';
import { wechatBindingRoutes } from './modules/auth/wechat/wechat-binding.routes';
import { createWeChatBindingService } from './modules/auth/wechat/wechat-binding.service';
import { createWeChatClient } from './modules/auth/wechat/wechat-client';
import { createSessionRepository } from './modules/auth/session.repository';
import { createSessionService } from './modules/auth/session.service';
import { devtoolsRoutes } from './modules/devtools/devtools.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { adminUsersRoutes } from './modules/admin/admin-users.routes';
import { createAdminUsersService } from './modules/admin/admin-users.service';
import { createBillingRepository } from './modules/billing/billing.repository';
import { createBillingService } from './modules/billing/billing.service';
import { createBillingModule } from './modules/billing/billing.module';
import { createCreditsRepository } from './modules/credits/credits.repository';
import { creditsRoutes } from './modules/credits/credits.routes';
import { createCreditsService } from './modules/credits/credits.service';
import { createLedgerService } from './modules/credits/ledger.service';
import { createModerationRepository } from './modules/moderation/moderation.repository';
import { createModerationService } from './modules/moderation/moderation.service';
import { createCommunity } from './modules/community/community.module';
import { createExplorePage } from './modules/community/explore-page';
import { communityRoutes } from './modules/community/community.routes';
import { mustWatermark } from './modules/media/media-rules';
import { errorsPlugin } from './plugins/errors';
import { compressionPlugin } from './plugins/compression';
import { requestLogPlugin } from './plugins/request-log';
import { securityHeadersPlugin } from './plugins/security-headers';
import { openapiPlugin } from './plugins/openapi';
import { webPlugin } from './plugins/web';
import { createPageRenderer, findPageRendererEntry } from './lib/page-renderer';
import packageJson from '../../../package.json' with { type: 'json' };

/** The app plus the services that scheduled work in main.ts and tests call directly. */
export type App = Awaited<ReturnType<typeof buildApp>>;

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** Wraps the object store as built: tests hold a write back to race something against it. */
  wrapStore?: (store: ObjectStore) => ObjectStore;
  /** Where log lines go (standard output unless given): tests read them back. */
  logStream?: { write(line: string): void };
};

/** The composition root: builds every module's repository and service and mounts its routes. */
export async function buildApp({
  config,
  database,
  clock = systemClock,
  wrapStore = (store) => store,
  logStream,
}: AppDeps) {
  const app = Fastify({
    logger: { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
    // Replaced by requestLogPlugin: errors and slow requests by default, each one at debug.
    logController: new LogController({ disableRequestLogging: true }),
    // Forwarding headers only from the proxies named in TRUST_PROXY: anyone else could pick the
    // address that per-address limits count them under.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerUnreadablePath,
  }).withTypeProvider<ZodTypeProvider>();
  // Without PUBLIC_URL, media URLs name the address each request came in at (decision 0029).
  if (!config.publicUrlSet) trackRequestOrigins(app);
  app.setValidatorCompiler(zodValidatorCompiler);
  // Before any schema, and for routes or parts without one (params, headers).
  app.addHook('preValidation', refuseUnsafeInput);
  // Once the server begins to close, every answer closes its connection. A keep-alive
  // connection whose request was answered during the close would otherwise hold the close
  // open until the client let it go (up to the 72 s keep-alive timeout).
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) void reply.header('connection', 'close');
    return payload;
  });
  app.setSerializerCompiler(serializerCompiler);
  // Action routes (like, approve, claim…) take no body; clients often still send a JSON
  // content type with an empty body, which is "no body", not malformed JSON.
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });

  const getVersion = createVersionReader({
    configured: config.appVersion,
    packageVersion: packageJson.version,
    webDistDir: config.webDistDir,
  });

  await app.register(requestLogPlugin);
  await app.register(errorsPlugin);
  await app.register(compressionPlugin);
  await app.register(fastifyCookie);
  await app.register(openapiPlugin, { version: packageJson.version });

  const algoConfig = createAlgoConfigService({
    repository: createAlgoConfigRepository(database.db),
  });
  const moderation = createModerationService({
    repository: createModerationRepository(database.db),
    clock,
  });
  const tracking = createTrackingService({
    repository: createTrackingRepository(database.db),
    clock,
  });

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    clock,
  });
  const sms = createFileSmsSender({ dir: smsDirFor(config.dataDir), clock });
  const authRepository = createAuthRepository(database.db);
  const sessions = createSessionService({
    repository: createSessionRepository(database.db),
    clock,
  });
  const captcha = createCaptchaService({
    repository: authRepository,
    mailer,
    sms,
    clock,
    hourlyPerIp: config.captchaHourlyPerIp,
  });
  const auth = createAuthService({
    repository: authRepository,
    sessions,
    captcha,
    identities: createOAuthVerifier({
      oauth: config.oauth,
      partner: config.partner,
      logger: app.log,
    }),
    clock,
    adminEmails: config.adminEmails,
    onUserCreated: (user) =>
      trade.invites
        .linkSignup(user.id, [user.invitationCode, user.channelId])
        .catch((err: unknown) => app.log.error({ err }, 'invitation link failed')),
  });
  const localStore = config.media.s3
    ? undefined
    : createLocalObjectStore(path.join(config.dataDir, 'media'), {
        secret: config.media.signingSecret ?? readOrCreateSecret(config.dataDir, 'media-signing'),
        clock,
      });
  const store: ObjectStore = wrapStore(
    config.media.s3 ? createS3ObjectStore(config.media.s3) : localStore!,
  );
  // The bucket's origin exactly as its presigned URLs name it (signing needs no network).
  const mediaOrigins = config.media.s3
    ? [new URL(await store.presignGet('csp/origin-probe', 60)).origin]
    : [];
  await app.register(securityHeadersPlugin, { publicUrl: config.publicUrl, mediaOrigins });
  const billing = createBillingService({ repository: createBillingRepository(database.db), clock });
  const creditsRepository = createCreditsRepository(database.db, clock);
  const ledger = createLedgerService({ repository: creditsRepository, clock });
  const credits = createCreditsService({
    ledger,
    repository: creditsRepository,
    billing,
    clock,
    settings: config.credits,
  });
  // Outputs and uploads are scored on a thread of their own, off the API's event loop.
  const scoreNsfw = config.nsfwCheck
    ? createThreadedNsfwScorer(config.nsfwThreads ? { threads: config.nsfwThreads } : {})
    : undefined;
  // A finished task's pictures get their header read and their thumbnail made on a thread
  // of their own, so the API's thread answers requests meanwhile.
  const outputImages = createImageThread();
  app.addHook('onClose', () => outputImages.close());
  const media = createMediaService({
    repository: createMediaRepository(database.db),
    outputImages,
    // Every URL the API answers is absolute (decision 0029).
    store: withPublicUrls(store, config.publicUrl),
    clock,
    ...(scoreNsfw ? { scoreNsfw, nsfwThreshold: config.nsfwThreshold } : {}),
    // Clips are read with ffprobe as they arrive, so each tool can check length and shape.
    probeVideo: (bytes) => probeVideoFacts(bytes),
    getGrade: async (userId) => (await billing.currentPlan(userId)).grade,
    paymentMode: config.credits.paymentMode,
    // Called by the upload sweep, once `generation` below exists.
    inputKeysInUse: (candidates) => generation.inputKeysInUse(candidates),
  });
  const assetsRepository = createAssetsRepository(database.db);
  const assets = createAssetsService({
    repository: assetsRepository,
    media,
    clock,
    // Called per request, once `generation` below exists.
    deletedKeys: (keys) => generation.deletedKeys(keys),
  });
  const ecommerce = createEcommerceService({
    repository: createEcommerceRepository(database.db),
    clock,
    // OCR runs in the API process: one picture at a time, with the model loaded once.
    readText: async (userId, key) => {
      const input = await media.checkTaskInput(userId, key, {
        kind: 'image',
        ...imageRulesOf('image_translate'),
      });
      return {
        width: input.width ?? 0,
        height: input.height ?? 0,
        lines: await readTextLines(await input.bytes()),
      };
    },
  });
  const generationMedia: GenerationMedia = {
    checkImageInput: async (userId, key, rules) => {
      const input = await media.checkTaskInput(userId, key, { kind: 'image', ...rules });
      return { key: input.key, width: input.width ?? 0, height: input.height ?? 0 };
    },
    checkVideoInput: async (userId, key, rules) => {
      const input = await media.checkTaskInput(userId, key, { kind: 'video', ...rules });
      return {
        key: input.key,
        width: input.width ?? 0,
        height: input.height ?? 0,
        durationS: input.duration ?? 0,
        taskId: input.taskId,
      };
    },
    checkAudioInput: async (userId, key) => {
      const input = await media.checkTaskInput(userId, key, {
        kind: 'audio',
        maxBytes: uploadTypes['audio/mpeg'].maxBytes,
      });
      return { key: input.key };
    },
    readInput: (key) => media.readObject(key),
    storeOutputs: async (userId, taskId, outputs) =>
      (await media.storeOutputs(userId, taskId, outputs, { watermark: true, record: false })).map(
        (o) => ({
          idx: o.index,
          kind: o.kind,
          key: o.key,
          thumbKey: o.thumbKey,
          wmKey: o.wmKey,
          mime: o.mime,
          facts: o.facts,
          record: o.record,
        }),
      ),
    urlFor: (key) => media.getViewUrl(key),
    describeInputs: async (keys) =>
      Promise.all(
        (await media.describeForLibrary(keys)).map(async (row) => ({
          key: row.key,
          kind: row.kind,
          taskId: row.taskId,
          url: await media.getViewUrl(row.key),
          thumbUrl: row.thumbUrl || null,
          width: row.width,
          height: row.height,
        })),
      ),
    discardOutput: (userId, key, { keepFiles }) =>
      keepFiles ? assets.forgetKeys(userId, [key]) : media.discardOutput(userId, key),
    discardTaskOutputs: (userId, taskId) => media.discardTaskOutputs(userId, taskId),
    discardStaging: (taskId) => store.deletePrefix(stagingPrefix(taskId)),
  };
  const promptModel = config.engines.openai ? createOpenAiEngine(config.engines.openai) : undefined;
  const events = config.databaseUrl
    ? await createPgEventBus(config.databaseUrl, (err) =>
        app.log.error({ err }, 'event relay error'),
      )
    : createLocalEventBus();
  app.addHook('onClose', async () => {
    if ('close' in events && typeof events.close === 'function') await events.close();
  });
  const generationRepository = createGenerationRepository(database.db, clock);
  const queueLoad = createQueueLoad({ repository: generationRepository, clock });
  // The model loads on the first portrait check, not at start-up; portrait runs and character
  // pictures share the one detector.
  const detectFaces = createFaceDetector();
  const countFaces = async (image: Buffer) => (await detectFaces(image)).length;
  const generation = createGenerationService({
    repository: generationRepository,
    credits,
    ledger,
    media: generationMedia,
    events,
    clock,
    engineFor: (taskType) => algoConfig.engineFor(taskType),
    checkPrompt: (text) => moderation.findBlockedTerm(text),
    checkRemixSource: (userId, workId) => community.works.checkRemixSource(userId, workId),
    isOutputPublished: (taskId, idx) => community.works.isOutputPublished(taskId, idx),
    countFaces,
    effectOf: (key) => algoConfig.effectOf(key),
    // Called per character run, once `characters` below exists.
    characterReferences: (userId, characterId) => characters.referencesOf(userId, characterId),
    shopTemplateOf: (userId, id) => ecommerce.findTemplate(userId, id),
    queueWait: (position, lane) => queueLoad.waitMinutes(position, lane),
    enhancePrompt: async (prompt, style, lang) => {
      if (!promptModel) return enrichPrompt(prompt, style);
      try {
        return await promptModel.enhancePrompt(prompt, lang);
      } catch (err) {
        app.log.warn({ err }, 'magic prompt model failed; using the built-in enrichment');
        return enrichPrompt(prompt, style);
      }
    },
  });
  const characters = createCharactersService({
    repository: createCharactersRepository(database.db),
    clock,
    generation,
    media: generationMedia,
    assets,
    countFaces,
  });
  const resultFolders = createResultFolders({
    repository: assetsRepository,
    clock,
    characterFolderOf: (userId, characterId) => characters.folderOf(userId, characterId),
    languageOf: async (userId) => parseLanguage((await auth.getUser(userId)).language),
  });
  const queue = createQueueService({
    repository: generationRepository,
    media: generationMedia,
    events,
    clock,
    load: queueLoad,
    ...(scoreNsfw ? { scoreNsfw, nsfwThreshold: config.nsfwThreshold } : {}),
    fileResults: async (task, keys) => {
      // A result left out of its folder is still in the library; the run stays done and paid.
      await resultFolders.file(task, keys).catch((err: unknown) => {
        app.log.warn({ err, taskId: task.id }, 'could not file the results in their folder');
      });
    },
  });
  const queueWatch = createQueueWatch({
    repository: generationRepository,
    events,
    load: queueLoad,
  });
  app.addHook('onClose', async () => queueWatch.stop());
  const wechat = createWeChatBindingService({
    repository: createWeChatBindingRepository(database.db),
    client: config.wechat ? createWeChatClient(config.wechat) : undefined,
    clock,
    logger: app.log,
  });
  const account = createAccountService({
    repository: createAccountRepository(database.db),
    auth,
    isWeChatBound: (userId) => wechat.isBound(userId),
    clock,
    uploadsDir: path.join(config.dataDir, 'uploads'),
    store,
    readImage: (bytes, field) => media.readImage(bytes, field),
    onBirthdaySet: (userId) => credits.grantBirthday(userId),
    declaredBirthDate: (userId) => minors.declaredBirthDate(userId),
    onAccountDeleted: (userId) => trade.subscriptions.endForDeletedAccount(userId),
    onAccountPurged: async (userId) => {
      await generation.deleteLibraryOf(userId);
      await media.removeUploadsOf(userId);
      await minors.forget(userId);
    },
  });
  const minors = createMinorsService({
    repository: createMinorsRepository(database.db),
    mailer,
    clock,
    publicUrl: config.publicUrl,
    getUser: (userId) => auth.getUser(userId),
    async alignBirthday(userId, birthDate) {
      const { birthday } = await account.getProfile(userId);
      if (birthday !== null && birthday !== birthDate) {
        await account.updateProfile(userId, { birthday: birthDate });
      }
    },
  });
  const trade = createBillingModule({
    db: database.db,
    ledger,
    auth,
    mailer,
    clock,
    settings: config.payments,
    sandboxSecret:
      config.payments.webhookSecret ?? readOrCreateSecret(config.dataDir, 'payment-webhook'),
    publicUrl: config.publicUrl,
    logger: app.log,
    wantsOfficialMail: async (userId) => (await account.getSettings(userId)).email_notices.official,
    rewardBalance: async (userId) =>
      (await credits.accountInfo(userId)).buckets
        .filter((b) => b.kind === 'reward')
        .reduce((sum, b) => sum + b.credits, 0),
  });
  const community = createCommunity({
    db: database.db,
    people: {
      listByIds: (ids) => auth.listUsersByIds(ids),
      getUser: (userId) => auth.getUser(userId),
      isAdmin: (user) => auth.isAdmin(user),
      bioOf: async (userId) => (await account.getProfile(userId)).bio,
      emailNoticesOf: async (userId) => (await account.getSettings(userId)).email_notices,
      ban: (userId) => auth.banUser(userId),
      listActiveIds: (afterId, limit) => auth.listActiveUserIds(afterId, limit),
    },
    tasks: {
      findTaskWithOutputs: (taskId) => generation.findTaskWithOutputs(taskId),
      holdOutput: (tx, taskId, idx) => generation.holdOutput(tx, taskId, idx),
      releaseOutput: (taskId, idx) => generation.releaseOutput(taskId, idx),
    },
    media: {
      urlFor: (key) => media.getViewUrl(key),
      describeKeys: (keys) => media.describeOwners(keys),
      ensureTwin: (userId, key) => media.ensureTwin(userId, key),
      watermarkFor: async (user) =>
        mustWatermark({
          grade: (await billing.currentPlan(user.id)).grade,
          isPayment: config.credits.paymentMode,
          roles: user.roles,
        }),
    },
    mail: mailer,
    events,
    clock,
    findBlockedTerm: (text) => moderation.findBlockedTerm(text),
    publicUrl: config.publicUrl,
    log: (err, message) => app.log.error({ err }, message),
  });

  await app.register(authPlugin, {
    sessions,
    onAuthenticated: (userId) => credits.grantDailyLogin(userId),
  });
  // Added before any route so that every route registered below runs it.
  app.addHook('preHandler', consentGate(minors));
  await app.register(systemRoutes, { ping: () => database.ping(), getVersion });
  await app.register(authRoutes, {
    auth,
    captcha,
    sessions,
    secureCookies: config.publicUrl.startsWith('https://'),
    publicUrl: config.publicUrl,
  });
  await app.register(accountRoutes, { service: account });
  await app.register(wechatBindingRoutes, {
    service: wechat,
    publicUrl: config.publicUrl,
    publicUrlSet: config.publicUrlSet,
  });
  await app.register(minorsRoutes, { minors });
  await app.register(creditsRoutes, { credits, billing });
  await app.register(mediaRoutes, { store });
  if (localStore) await app.register(localFileRoutes, { store: localStore });
  await app.register(mediaApiRoutes, { service: media });
  await app.register(assetsRoutes, { service: assets });
  await app.register(charactersRoutes, { service: characters });
  await app.register(ecommerceRoutes, { service: ecommerce });
  await app.register(voicesRoutes, {
    speakSample: (voice) => voiceSample(voice),
    publicUrl: config.publicUrlSet ? config.publicUrl : null,
  });
  await app.register(faceCheckRoutes, { service: generation });
  await app.register(effectPreviewsRoutes, {
    renderPreview: async (key) => (isPreviewableEffect(key) ? renderEffectPreview(key) : undefined),
    isTemplate: async (key) => (await algoConfig.effectOf(key)) !== undefined,
  });
  await app.register(generationRoutes, {
    service: generation,
    events,
    renderNotification: (userId, data, lang) =>
      community.notifications.renderEvent(userId, String(data.id), lang),
  });
  const engines = createEngines({
    db: database.db,
    config,
    clock,
    algoConfig,
    log: (err, message) => app.log.error({ err }, message),
    tasks: createTaskStatsRepository(database.db),
    sampleFor: (taskType) => {
      const tool = taskTypeDefinitions[taskType];
      // Audio, video and portrait tools need a voice, a clip or a face that a made-up sample
      // cannot give. The mask tools edit the sample's apple; expand grows it to 16:9.
      if (!tool.available || tool.inputs.audios || tool.inputs.videos || tool.portrait)
        return undefined;
      return {
        images: tool.inputs.images[0],
        mask: tool.inputs.mask === 'required',
        params: tool.ui.editor === 'expand' ? { wh_ratio: '16:9' } : {},
      };
    },
    storeUpload: async (userId, bytes, contentType) => {
      const ticket = await media.createUpload(userId, {
        filename: 'engine-sample.png',
        content_type: contentType,
        size: bytes.length,
      });
      await store.put(ticket.key, bytes, contentType);
      await media.inspectUpload(userId, ticket.key);
      return ticket.key;
    },
    submitSample: async (userId, taskType, sample) => {
      const submitted = await generation.submit(
        userId,
        taskType,
        gatewaySubmitSchema.parse({
          prompt: sample.prompt,
          images: sample.images,
          ...(sample.mask ? { mask: sample.mask } : {}),
          params: {
            batch_size: 1,
            ...(sample.images.length === 0 ? { wh_ratio: '1:1' } : {}),
            ...sample.params,
          },
        }),
        'en',
        { costFree: true },
      );
      return { task_id: submitted.task_id };
    },
  });
  app.addHook('onClose', async () => engines.close());
  await app.register(workerRoutes, {
    queue,
    store,
    tokens: config.worker.tokens,
    publicUrl: config.publicUrlSet ? config.publicUrl : null,
    routeFor: async (taskType) => (await algoConfig.routeFor(taskType)).route,
    engineSettings: () => engines.connections.workerSettings(),
    onWorkerSeen: {
      claim: (workerId, offered, taskTypes) =>
        engines.workers.recordClaim(workerId, offered, taskTypes),
      done: (workerId) => engines.workers.recordDone(workerId),
    },
  });
  await app.register(enginesRoutes, {
    auth,
    engines: engines.service,
    connections: engines.connections,
  });
  await app.register(adminRoutes, { auth, credits, billing, algoConfig, moderation });
  await app.register(adminUsersRoutes, {
    auth,
    adminUsers: createAdminUsersService({ auth, billing, credits, minors }),
  });
  if (config.nodeEnv !== 'production') {
    await app.register(devtoolsRoutes, {
      mailDir: mailDirFor(config.dataDir),
      smsDir: smsDirFor(config.dataDir),
      jobs: { clock, issueInviteRewards: (now) => trade.invites.issueInviteRewards(now) },
    });
  }
  await app.register(algoConfigRoutes, { service: algoConfig });
  await app.register(trackingRoutes, { service: tracking });
  await app.register(communityRoutes, {
    community,
    isAdmin: (user) => auth.isAdmin(user),
    webDistDir: config.webDistDir,
    publicUrl: config.publicUrl,
  });
  await trade.registerRoutes(app);
  // Explore's first page goes out in the HTML when the web build can render it (decision 44).
  const rendererEntry = findPageRendererEntry(config.webDistDir);
  const pageRenderer = rendererEntry ? createPageRenderer(rendererEntry) : null;
  if (pageRenderer) app.addHook('onClose', () => pageRenderer.close());
  const explorePage = pageRenderer
    ? createExplorePage({
        feed: community.feed,
        renderer: pageRenderer,
        webDistDir: config.webDistDir,
      })
    : null;
  await app.register(webPlugin, {
    distDir: config.webDistDir,
    livePages: explorePage ? { '/explore': explorePage.render } : {},
  });

  app.addHook('onReady', async () => {
    await algoConfig.seedDefaults();
    await trade.catalogue.seedDefaults();
  });
  app.addHook('onClose', async () => mailer.close());

  const services = {
    account,
    ledger,
    credits,
    billing,
    payments: trade.payments,
    subscriptions: trade.subscriptions,
    invites: trade.invites,
    redeem: trade.redeem,
    catalogue: trade.catalogue,
    media,
    assets,
    ecommerce,
    generation,
    queue,
    queueWatch,
    algoConfig,
    moderation,
    community,
    engines,
    workerApi: createEmbeddedWorkerApi({ queue, media: generationMedia }),
    /** Loads the moderation model ahead of the first upload or output (none when it is off). */
    preloadModels: async () => {
      await scoreNsfw?.preload();
    },
  };
  return Object.assign(app as unknown as FastifyInstance, { services });
}
