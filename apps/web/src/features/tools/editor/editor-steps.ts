import type { ToolId } from '@lumen/contracts/tools';

/** A picture the editor can work on: the user's own, known by its media key. */
export interface EditorPicture {
  key: string;
  url: string;
  thumbUrl?: string | null;
  width: number;
  height: number;
  /**
   * The community work this picture was copied from (an "Edit" on someone's work): runs on it
   * name the work as `remix_of`, so the server applies the remix rule and keeps the lineage.
   */
  remixOf?: string;
}

/** One step of an editing session: the original (no tool) or a tool's result taken on. */
export interface EditorStep extends EditorPicture {
  toolId: ToolId | null;
}

export interface EditorSteps {
  steps: readonly EditorStep[];
  current: number;
}

export const noSteps: EditorSteps = { steps: [], current: -1 };

/** A new picture opened: the session starts again from it. */
export function startSteps(picture: EditorPicture): EditorSteps {
  return { steps: [{ ...picture, toolId: null }], current: 0 };
}

/**
 * A result taken on as the next input. Steps after the current one (left when the user went
 * back to an earlier step) are dropped: the new step follows the one it was made from.
 */
export function continueFrom(state: EditorSteps, step: EditorStep): EditorSteps {
  const steps = [...state.steps.slice(0, state.current + 1), step];
  return { steps, current: steps.length - 1 };
}

export function goToStep(state: EditorSteps, index: number): EditorSteps {
  return index >= 0 && index < state.steps.length ? { ...state, current: index } : state;
}

export function currentStep(state: EditorSteps): EditorStep | null {
  return state.steps[state.current] ?? null;
}
