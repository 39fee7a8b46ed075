/*
 * Kept apart from the editing code so that the failure mapping can recognise it without
 * loading sharp into processes that never edit.
 */

export type EditInputProblem =
  | 'unreadable_image'
  | 'unreadable_mask'
  | 'empty_mask'
  | 'unreadable_video'
  | 'picture_count'
  | 'unknown_option';

/**
 * The caller's input cannot be edited: bytes that are not a picture or a video, a mask that
 * marks nothing, the wrong number of pictures for the tool, or a style or template it does
 * not know. The caller answers it as bad input, with the user's translated message.
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
