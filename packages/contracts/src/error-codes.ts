/**
 * The answer codes of spec §8, plus the few the spec leaves unnamed (documented in docs/api.md).
 * The web client's behaviour per code lives in apps/web/src/shared/api; the HTTP status per
 * code lives in apps/server/src/lib/app-error.ts.
 */
export const ErrorCode = {
  success: 0,
  /** The client drops the answer without a message. */
  silent: 8,
  /** Comment review failed: the client warns and asks the user to modify it. */
  commentReviewFailed: 10,
  invalidParams: 1001,
  forbidden: 1003,
  notFound: 1004,
  conflict: 1009,
  tooManyRequests: 1029,
  systemError: 1500,
  serviceUnavailable: 1503,
  /** Not enough credits: the client opens the pay dialog with the no-credits message. */
  noCredits: 2007,
  /** Feature needs a higher plan: the client opens the pay dialog on its default tab. */
  upgradeRequired: 2020,
  /** Sign-in refused: wrong password, unknown account, provider said no. */
  loginFailed: 3001,
  /** The verification code is wrong; the code stays usable until its tries run out. */
  captchaWrong: 3002,
  /** The verification code expired, was used, or ran out of tries: ask for a new one. */
  captchaExpired: 3003,
  /** A new code was asked for within the 60 s resend wait. */
  captchaTooSoon: 3004,
  usernameExists: 3005,
  /** The account was deleted (or is being deleted) and cannot sign in. */
  accountClosed: 3006,
  /** This sign-in method is not set up on this server. */
  loginMethodUnavailable: 3007,
  phoneInUse: 3008,
  emailInUse: 3009,
  /**
   * A child's account (under 14) waits for its guardian's consent: publishing and paying are
   * refused until the guardian confirms the link e-mailed to them (decision 0056).
   */
  guardianConsentRequired: 3010,
  /** A guardian's link that is unknown, expired or already used. */
  guardianLinkInvalid: 3011,
  /** Too many tasks queued or generating for the plan ("exceeded parallel tasks"). */
  tooManyTasks: 2010,
  /** Sign-in needed: the client logs out and opens the login dialog. */
  loginRequired: 3015,
  /** Refresh credential rejected: queued requests are dropped and the user is logged out. */
  refreshRejected: 3035,
  loggedOutElsewhere: 50008,
  loggedOutIllegalToken: 50012,
  loggedOutExpired: 50014,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/** Codes that make the web app ask "Confirm logout" (spec §8). */
export const confirmLogoutCodes: readonly number[] = [
  ErrorCode.loggedOutElsewhere,
  ErrorCode.loggedOutIllegalToken,
  ErrorCode.loggedOutExpired,
];
