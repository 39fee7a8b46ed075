import type { ImageRules } from './define';

const MB = 1024 * 1024;

/**
 * The editing tools take the photos people bring, so they take spec §5's larger file size
 * ("5 MB, some tools 20 MB") and pictures up to 4096 px, the most their engines work on.
 */
export const editingImageRules: Partial<ImageRules> = { maxBytes: 20 * MB, maxSide: 4096 };
