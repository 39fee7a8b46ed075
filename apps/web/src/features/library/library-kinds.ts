import { algoTypes } from '@lumen/contracts/assets';
import type { MediaKind } from '@lumen/contracts/media';

/** The library's tabs; each is a history filter and a folder group (spec §3 algo codes). */
export const libraryKinds = ['image', 'video', '3d'] as const;
export type LibraryKind = (typeof libraryKinds)[number];

export function parseLibraryKind(value: string | null): LibraryKind {
  return libraryKinds.find((kind) => kind === value) ?? 'image';
}

export function algoTypeOf(kind: LibraryKind): number {
  return algoTypes[kind];
}

/**
 * The folder groups a tab lists, its own first: the studios file portraits (with effects,
 * group 5) and a character's works (group 4) in folders of their own groups, which hold
 * pictures and clips alike, so the picture and video tabs show them too.
 */
export const folderGroups = {
  image: [algoTypes.image, algoTypes.portrait, algoTypes.role],
  video: [algoTypes.video, algoTypes.role, algoTypes.portrait],
  '3d': [algoTypes['3d']],
} as const satisfies Record<LibraryKind, readonly number[]>;

/** What the download endpoint calls each kind's files. */
export const downloadTypes: Record<LibraryKind, MediaKind> = {
  image: 'image',
  video: 'video',
  '3d': 'model',
};

/** Query keys of this feature; folder changes refresh both the folders and their items. */
export const libraryKeys = {
  all: ['library'] as const,
  /** Every paged list of generations (all kinds, searches and users). */
  taskLists: ['library', 'tasks'] as const,
  tasks: (userId: string, kind: LibraryKind, search = '') =>
    ['library', 'tasks', userId, kind, search] as const,
  task: (taskId: string) => ['library', 'task', taskId] as const,
  folders: (userId: string, kind: LibraryKind) => ['library', 'folders', userId, kind] as const,
  folderItems: (folderId: number) => ['library', 'folder-items', folderId] as const,
};
