import { MOBILE_BREAKPOINT_PX } from '@lumen/contracts/constants';
import { useMediaQuery } from '@mantine/hooks';

/** Spec §9: the phone layout applies below 512 px (the app layout reads the same query). */
export function useIsMobileLayout(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false, {
    getInitialValueInEffect: false,
  });
}
