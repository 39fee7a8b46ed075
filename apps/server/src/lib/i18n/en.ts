/** English server messages: the source catalogue. Other languages must translate every key. */
export const en = {
  'errors.invalidParams': 'Invalid parameters',
  'errors.invalidField': 'Invalid parameters: {field}: {reason}',
  'errors.fieldRequired': 'is required',
  'errors.invalidJson': 'Invalid parameters: the request body is not valid JSON',
  'errors.unsupportedContentType': 'Invalid parameters: unsupported content type',
  'errors.payloadTooLarge': 'The request is too large',
  'errors.notFound': 'Not found',
  'errors.routeNotFound': 'The requested API does not exist: {method} {path}',
  'errors.forbidden': 'You do not have permission to do this',
  'errors.conflict': 'This conflicts with the current state, please refresh and try again',
  'errors.tooManyRequests': 'Too many requests, please try again later',
  'errors.system': 'System error',
  'errors.serviceUnavailable': 'Server busy, please try again shortly',
  'errors.loginRequired': 'Please log in first',
  'errors.noCredits':
    "Don't have enough points for production, Get Credits or become a subscriber!",
  'errors.noCreditsPaid': "Don't have enough points for production, Get Credits!",
  'errors.upgradeRequired': 'This feature is available to subscribed users only',
  'errors.loginFailed': 'Login failed: the account or password is incorrect',
  'errors.oauthFailed': 'Login error! {provider} did not confirm your account, please try again',
  'errors.loginMethodUnavailable': 'Signing in with {provider} is not available on this server',
  'errors.captchaWrong': 'The verification code is incorrect. Please try again.',
  'errors.captchaExpired':
    'The verification code has expired or was used up. Please request a new one.',
  'errors.captchaTooSoon': 'Please wait {seconds} s before requesting another code',
  'errors.captchaSendFailed':
    'VerificationCodeFailed: the code could not be sent, please try again later',
  'errors.usernameExists': 'Username exists',
  'errors.accountClosed': 'This account has been deleted and can no longer sign in',
  'errors.phoneInUse': 'This phone number is already bound to another account',
  'errors.emailInUse': 'This e-mail address is already used by another account',
  'errors.refreshRejected': 'Your session has ended, please log in again',
  'errors.ticketExpired': 'Your login has expired',
  'errors.deletePhrase': 'To delete your account, type exactly: Delete My Account',
  'mail.captchaSubject': 'Your Lumen verification code: {code}',
  'mail.captchaBody':
    'Your verification code is {code}. It is valid for {minutes} minutes. If you did not ask for it, ignore this message.',
  'sms.captcha': '[Lumen] Your verification code is {code}, valid for {minutes} minutes.',
  'errors.moreImagesSubscribers':
    'More images per generation are for subscribers only, please adjust your settings',
  'errors.proModelSubscribers': 'The professional model is available to subscribed users only',
  'errors.longVideoSubscribers':
    'Videos longer than {seconds} s are available to subscribed users only',
  'bills.dailyLogin': 'Daily login',
  'bills.birthday': 'Birthday reward',
  'bills.expired': 'Expired credits cleared',
  'bills.adminGrant': 'Credits from the Lumen team',
} as const;

export type MessageKey = keyof typeof en;
