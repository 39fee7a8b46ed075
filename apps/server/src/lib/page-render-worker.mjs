// Renders public pages with the web build's server entry (apps/web/src/entry-server.tsx, built
// into dist-ssr/) in a thread of its own: the render's CPU time stays off the API's thread, and
// the web app's modules (its React, its i18n state, its zod settings) stay out of the server's.
// One page at a time, since the web app's language and viewport are module-level state.
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const entry = await import(pathToFileURL(workerData.entryFile).href);
let queue = Promise.resolve();

parentPort.on('message', (job) => {
  queue = queue.then(async () => {
    try {
      const page = await entry.prerenderPage(job.url, job.language, job.viewport, job.data);
      parentPort.postMessage({ id: job.id, page });
    } catch (error) {
      parentPort.postMessage({ id: job.id, error: String(error?.stack ?? error) });
    }
  });
});
