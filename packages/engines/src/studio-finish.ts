import type { EngineIO, EngineOutput, EngineTask } from './engine';
import { bodyPicture } from './studio-prompts';

/**
 * The studios' last step on the engines that generate with a model (ComfyUI, the hosted
 * APIs): the model draws pictures, and this turns them into what the studio delivers, the
 * same shape as the CPU's results. A logo's picture is traced into an SVG with a transparent
 * ground, a PNG and a card mockup; a tattoo's picture is the design, from which the stencil
 * and the body mockup are made. Other tasks pass through; the drawing code loads on first
 * use, so a GPU worker that never runs a studio skips it.
 */
export async function finishStudio(
  task: EngineTask,
  io: Pick<EngineIO, 'readInput'>,
  outputs: EngineOutput[],
): Promise<EngineOutput[]> {
  const { logo, tattoo } = task.settings;
  if (task.taskType === 'logo' && logo) {
    const { logoFromPicture } = await import('./local/studio/logo');
    const finished: EngineOutput[] = [];
    for (const output of outputs) {
      if (output.kind !== 'image' || output.role === 'poster') continue;
      finished.push(...(await logoFromPicture(output.bytes, logo, output.seed)));
    }
    return finished;
  }
  if (task.taskType === 'tattoo' && tattoo) {
    const { tattooFromPicture } = await import('./local/studio/tattoo');
    const bodyKey = bodyPicture(task);
    const body = bodyKey ? await io.readInput(bodyKey) : undefined;
    const finished: EngineOutput[] = [];
    for (const output of outputs) {
      if (output.kind !== 'image' || output.role === 'poster') continue;
      finished.push(...(await tattooFromPicture(output.bytes, tattoo.style, output.seed, body)));
    }
    return finished;
  }
  return outputs;
}
