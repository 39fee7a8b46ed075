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
  'errors.taskTypeUnavailable': 'This kind of generation ({taskType}) is not available yet',
  'errors.promptRequired': 'Please enter a prompt',
  'errors.promptTooLong': 'The prompt is too long (at most 2000 characters)',
  'errors.onlyOneImage': 'Please choose exactly one image',
  'errors.imageCount': 'Please choose {min} to {max} images',
  'errors.tooManyTasks':
    'You have exceeded the number of parallel tasks. Please wait for generation to complete',
  'errors.keyframeRatio': 'The first and last frames must have similar shapes (ratio 0.8 to 1.25)',
  'errors.generationFailed': 'Generation failed, please try again. Your credits have been refunded',
  'errors.engineUnavailable':
    'The generation service is busy or unreachable, please try again shortly',
  'errors.contentViolates': 'The content violates our guidelines, please modify it',
  'errors.sensitiveImage': 'The image contains sensitive information',
  'errors.taskFinished': 'This task has already finished',
  'media.invalidImageFormat': 'Invalid image format (png/jpg only)',
  'media.imageTooLarge': 'Image over {size}',
  'media.fileTooLarge': 'File over size limit {size}',
  'media.formatNotSupported': 'Format not supported',
  'media.imageTooSmall':
    'Selected image does not meet requirements: width and height must be at least {px} px',
  'media.imageTooBig':
    'Selected image does not meet requirements: width and height must be at most {px} px',
  'media.imageRatio':
    'Selected image does not meet requirements: the aspect ratio must be between {min} and {max}',
  'media.uploadMissing': 'File upload failed, please upload the file again',
  'media.notFound': 'The file does not exist or has been deleted',
  'assets.folderNameExists': 'Folder name exists',
  'assets.folderNameEmpty': 'Folder name cannot be empty',
  'assets.folderNotFound': 'The folder does not exist or has been deleted',
  'assets.wrongKind': 'This kind of file cannot be put in this folder',
} as const;

export type MessageKey = keyof typeof en;
