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
};
