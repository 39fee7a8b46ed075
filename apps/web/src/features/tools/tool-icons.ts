import {
  IconArrowsDiagonal,
  IconArrowsMaximize,
  IconArrowsRightLeft,
  IconBackground,
  IconBrush,
  IconCube,
  IconCube3dSphere,
  IconEraser,
  IconHdr,
  IconLayersIntersect,
  IconMicrophone,
  IconMoodTongue,
  IconMovie,
  IconPhoto,
  IconPalette,
  IconPhotoEdit,
  IconPlayerPlay,
  IconPlayerTrackNext,
  IconSparkles,
  IconVectorBezier2,
  IconWand,
  IconLanguage,
  IconShirt,
  IconShoppingBag,
  type Icon,
} from '@tabler/icons-react';

/**
 * The Tabler icons the tools name in their `ui.icon`. Importing the whole icon set to look a
 * name up would put thousands of icons in the page's code, so the names in use are listed
 * here; a test fails when a tool names one that is missing.
 */
export const toolIcons: Readonly<Record<string, Icon>> = {
  IconShoppingBag,
  IconShirt,
  IconLanguage,
  IconArrowsDiagonal,
  IconArrowsMaximize,
  IconArrowsRightLeft,
  IconBackground,
  IconBrush,
  IconCube,
  IconCube3dSphere,
  IconEraser,
  IconHdr,
  IconLayersIntersect,
  IconMicrophone,
  IconMoodTongue,
  IconMovie,
  IconPhoto,
  IconPalette,
  IconPhotoEdit,
  IconPlayerPlay,
  IconPlayerTrackNext,
  IconVectorBezier2,
  IconWand,
};

/** What a tool whose icon is not listed shows. */
export const FallbackToolIcon: Icon = IconSparkles;
