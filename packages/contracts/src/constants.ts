/** Business constants of spec §9 that both sides need. */
export const HTTP_TIMEOUT_MS = 300_000;
export const VERSION_POLL_MS = 60_000;
export const NOTICE_POLL_MS = 60_000;
export const TOAST_DEFAULT_MS = 3000;
export const TOAST_OFFSET_PX = 50;
export const TOAST_Z_INDEX = 3000;
export const TOAST_REMOVE_DELAY_MS = 300;
export const MOBILE_BREAKPOINT_PX = 512;
export const SESSION_MAX_AGE_S = 3600;
export const CAPTCHA_LENGTH = 6;
export const CAPTCHA_RESEND_S = 60;
export const DOUBLE_TAP_GUARD_MS = 300;
