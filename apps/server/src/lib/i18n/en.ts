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
} as const;

export type MessageKey = keyof typeof en;
