import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Language } from '@lumen/contracts/i18n';
import { z } from 'zod';
import type { Viewport } from './prerendered-pages';

const renderedSchema = z.object({
  id: z.number(),
  page: z.object({ html: z.string(), title: z.string() }).optional(),
  error: z.string().optional(),
});

export type RenderedPage = { html: string; title: string };

export type PageRenderer = {
  /** Renders `url` as a visitor's app would with `data` in its query cache. */
  render(url: string, language: Language, viewport: Viewport, data: unknown): Promise<RenderedPage>;
  close(): Promise<void>;
};

/**
 * The web build's server entry, which the build writes beside the served folder
 * (apps/web/package.json `build`), or null for a build without one.
 */
export function findPageRendererEntry(webDistDir: string): string | null {
  const file = path.join(webDistDir, '..', 'dist-ssr', 'entry-server.js');
  return fs.existsSync(file) ? file : null;
}

/**
 * Renders pages in one worker thread, started on the first render and restarted after a crash
 * (docs/decisions/0044-explore-rendered-with-its-feed.md).
 */
export function createPageRenderer(entryFile: string): PageRenderer {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (page: RenderedPage) => void; reject: (error: Error) => void }
  >();

  function failAll(error: Error) {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  }

  function start(): Worker {
    const started = new Worker(new URL('./page-render-worker.mjs', import.meta.url), {
      workerData: { entryFile },
    });
    started.on('message', (message: unknown) => {
      const parsed = renderedSchema.safeParse(message);
      if (!parsed.success) return;
      const job = pending.get(parsed.data.id);
      if (!job) return;
      pending.delete(parsed.data.id);
      if (parsed.data.page) job.resolve(parsed.data.page);
      else job.reject(new Error(parsed.data.error ?? 'the page did not render'));
    });
    started.on('error', (error) => {
      if (worker === started) worker = null;
      failAll(error);
    });
    started.on('exit', () => {
      if (worker === started) worker = null;
      failAll(new Error('the page renderer stopped'));
    });
    // A renderer that is waiting for work does not keep the process alive.
    started.unref();
    return started;
  }

  return {
    render(url, language, viewport, data) {
      worker ??= start();
      const id = nextId++;
      return new Promise<RenderedPage>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker!.postMessage({ id, url, language, viewport, data });
      });
    },
    async close() {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
}
