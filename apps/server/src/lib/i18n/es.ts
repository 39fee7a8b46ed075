import type { MessageKey } from './en';

export const es: Record<MessageKey, string> = {
  'errors.invalidParams': 'Parámetros no válidos',
  'errors.invalidField': 'Parámetros no válidos: {field}: {reason}',
  'errors.fieldRequired': 'es obligatorio',
  'errors.invalidJson': 'Parámetros no válidos: el cuerpo de la solicitud no es JSON válido',
  'errors.unsupportedContentType': 'Parámetros no válidos: tipo de contenido no admitido',
  'errors.payloadTooLarge': 'La solicitud es demasiado grande',
  'errors.notFound': 'No encontrado',
  'errors.routeNotFound': 'La API solicitada no existe: {method} {path}',
  'errors.forbidden': 'No tienes permiso para hacer esto',
  'errors.conflict': 'Esto entra en conflicto con el estado actual; actualiza e inténtalo de nuevo',
  'errors.tooManyRequests': 'Demasiadas solicitudes; inténtalo de nuevo más tarde',
  'errors.system': 'Error del sistema',
  'errors.serviceUnavailable': 'El servidor está ocupado; inténtalo de nuevo en breve',
  'errors.loginRequired': 'Inicia sesión primero',
  'errors.noCredits':
    'No tienes suficientes puntos para generar. ¡Consigue créditos o hazte suscriptor!',
  'errors.noCreditsPaid': 'No tienes suficientes puntos para generar. ¡Consigue créditos!',
  'errors.upgradeRequired': 'Esta función solo está disponible para usuarios suscritos',
  'errors.loginFailed': 'Error al iniciar sesión: la cuenta o la contraseña no son correctas',
  'errors.oauthFailed':
    '¡Error de inicio de sesión! {provider} no confirmó tu cuenta; inténtalo de nuevo',
  'errors.loginMethodUnavailable':
    'El inicio de sesión con {provider} no está disponible en este servidor',
  'errors.captchaWrong': 'El código de verificación no es correcto. Inténtalo de nuevo.',
  'errors.captchaExpired':
    'El código de verificación ha caducado o ya no es válido. Solicita uno nuevo.',
  'errors.captchaTooSoon': 'Espera {seconds} s antes de pedir otro código',
  'errors.captchaSendFailed': 'No se pudo enviar el código de verificación; inténtalo más tarde',
  'errors.usernameExists': 'El nombre de usuario ya existe',
  'errors.accountClosed': 'Esta cuenta se ha eliminado y ya no puede iniciar sesión',
  'errors.phoneInUse': 'Este número de teléfono ya está vinculado a otra cuenta',
  'errors.emailInUse': 'Esta dirección de correo ya la usa otra cuenta',
  'errors.refreshRejected': 'Tu sesión ha terminado; inicia sesión de nuevo',
  'errors.ticketExpired': 'Tu inicio de sesión ha caducado',
  'errors.deletePhrase': 'Para eliminar tu cuenta, escribe exactamente: Delete My Account',
  'mail.captchaSubject': 'Tu código de verificación de Lumen: {code}',
  'mail.captchaBody':
    'Tu código de verificación es {code}. Es válido durante {minutes} minutos. Si no lo has pedido, ignora este mensaje.',
  'sms.captcha': '[Lumen] Tu código de verificación es {code}, válido durante {minutes} minutos.',
  'errors.moreImagesSubscribers':
    'Generar más imágenes a la vez es solo para suscriptores; ajusta la configuración',
  'errors.proModelSubscribers':
    'El modelo profesional solo está disponible para usuarios suscritos',
  'errors.longVideoSubscribers':
    'Los vídeos de más de {seconds} s solo están disponibles para usuarios suscritos',
  'bills.dailyLogin': 'Inicio de sesión diario',
  'bills.birthday': 'Premio de cumpleaños',
  'bills.expired': 'Créditos caducados',
  'bills.adminGrant': 'Créditos del equipo de Lumen',
  'errors.taskTypeUnavailable': 'Este tipo de generación ({taskType}) aún no está disponible',
  'errors.promptRequired': 'Escribe una descripción (prompt)',
  'errors.promptTooLong': 'La descripción es demasiado larga (máximo 2000 caracteres)',
  'errors.onlyOneImage': 'Elige exactamente una imagen',
  'errors.imageCount': 'Elige entre {min} y {max} imágenes',
  'errors.tooManyTasks':
    'Has superado el número de tareas en paralelo. Espera a que termine la generación',
  'errors.keyframeRatio':
    'El primer y el último fotograma deben tener proporciones parecidas (0,8 a 1,25)',
  'errors.generationFailed':
    'La generación ha fallado; inténtalo de nuevo. Te hemos devuelto los créditos',
  'errors.engineUnavailable':
    'El servicio de generación está ocupado o no responde; inténtalo en breve',
  'errors.contentViolates': 'El contenido infringe nuestras normas; modifícalo',
  'errors.sensitiveImage': 'La imagen contiene información sensible',
  'errors.taskFinished': 'Esta tarea ya ha terminado',
  'media.invalidImageFormat': 'Formato de imagen no válido (solo png/jpg)',
  'media.imageTooLarge': 'La imagen supera {size}',
  'media.fileTooLarge': 'El archivo supera el límite de tamaño de {size}',
  'media.formatNotSupported': 'Formato no compatible',
  'media.imageTooSmall':
    'La imagen seleccionada no cumple los requisitos: el ancho y el alto deben ser de al menos {px} px',
  'media.imageTooBig':
    'La imagen seleccionada no cumple los requisitos: el ancho y el alto no pueden superar {px} px',
  'media.imageRatio':
    'La imagen seleccionada no cumple los requisitos: la relación de aspecto debe estar entre {min} y {max}',
  'media.uploadMissing': 'Error al subir el archivo, vuelve a subirlo',
  'media.notFound': 'El archivo no existe o se ha eliminado',
  'assets.folderNameExists': 'El nombre de la carpeta ya existe',
  'assets.folderNameEmpty': 'El nombre de la carpeta no puede estar vacío',
  'assets.folderNotFound': 'La carpeta no existe o se ha eliminado',
  'assets.wrongKind': 'Este tipo de archivo no se puede guardar en esta carpeta',
};
