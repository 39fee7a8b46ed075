import { MOBILE_BREAKPOINT_PX } from '@lumen/contracts/constants';
import { useMediaQuery } from '@mantine/hooks';

/** Spec §9: the mobile layout applies below 512 px. */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false, {
    getInitialValueInEffect: false,
  });
}
