import type { LocalTaskHandler } from './local-tasks';
import { renderLogos } from './studio/logo';
import { renderTattoos } from './studio/tattoo';

/**
 * The AI studios on the CPU: logos are real vector work (shipped icons and typefaces); a
 * tattoo from a reference picture is real line extraction, from words alone a preview.
 */
export const studioHandlers = {
  logo: async (task, ctx) => {
    const { logo } = task.settings;
    if (!logo) throw new Error('logo needs the brand the gateway checks');
    return renderLogos(logo, task.settings, ctx.report);
  },
  tattoo: async (task, ctx) => {
    const tattoo = task.settings.tattoo;
    if (!tattoo) throw new Error('tattoo needs the style the gateway checks');
    const images = task.inputs.images.length;
    const [reference, body] = await Promise.all([
      tattoo.reference ? ctx.readImage(0) : undefined,
      tattoo.body ? ctx.readImage(images - 1) : undefined,
    ]);
    return renderTattoos(
      {
        style: tattoo.style,
        prompt: task.settings.prompt,
        seed: task.settings.seed,
        count: task.settings.count,
        ...(reference ? { reference } : {}),
        ...(body ? { body } : {}),
      },
      ctx.report,
    );
  },
} satisfies Record<string, LocalTaskHandler>;
