import { PROMPT_MAX_LENGTH } from '@lumen/contracts/tasks';

/** Spec §5: the prompt is required (text modes) and may not pass the length limit. */
export function promptProblem(prompt: string, required: boolean): 'required' | 'tooLong' | null {
  if (prompt.length > PROMPT_MAX_LENGTH) return 'tooLong';
  if (required && prompt.trim() === '') return 'required';
  return null;
}

export const PROMPT_INPUT_ID = 'generate-prompt';

/** Brings the prompt box into view with the caret in it, e.g. after an example was picked. */
export function focusPrompt(): void {
  document.getElementById(PROMPT_INPUT_ID)?.focus();
}

/** Whether the keyboard names the command key ⌘ (Apple systems) rather than Ctrl. */
export const usesCommandKey = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
