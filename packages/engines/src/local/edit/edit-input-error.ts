/*
 * Kept apart from the editing code so that the failure mapping can recognise it without
 * loading sharp into processes that never edit.
 */

export type EditInputProblem =
  | 'unreadable_image'
  | 'unreadable_mask'
  | 'empty_mask'
  | 'unreadable_audio'
  | 'unreadable_video'
  | 'empty_text'
  | 'unknown_voice'
  | 'no_face'
  | 'bad_track'
  | 'bad_image_count'
  | 'picture_count'
  | 'unknown_option'
  | 'no_text'
  | 'no_translation'
  | 'missing_settings';

/**
 * The caller's input cannot be used: bytes that are not a picture, a clip or a sound, a mask
 * that marks nothing, a picture without the face a tool needs, the wrong number of pictures,
 * or a style, template or setting the tool cannot follow. The caller answers it as bad input,
 * with the user's translated message.
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
