/*
 * Kept apart from the editing code so that the failure mapping can recognise it without
 * loading sharp into processes that never edit.
 */

export type EditInputProblem = 'unreadable_image' | 'unreadable_mask' | 'empty_mask';

/**
 * The caller's input cannot be edited: bytes that are not a picture, or a mask that marks
 * nothing. The caller answers it as bad input, with the user's translated message.
 */
export class EditInputError extends Error {
  constructor(
    readonly problem: EditInputProblem,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'EditInputError';
  }
}
