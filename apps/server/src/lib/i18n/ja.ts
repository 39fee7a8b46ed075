import type { MessageKey } from './en';

export const ja: Record<MessageKey, string> = {
  'errors.invalidParams': 'パラメータが無効です',
  'errors.invalidField': 'パラメータが無効です：{field}：{reason}',
  'errors.fieldRequired': 'は必須です',
  'errors.invalidJson': 'パラメータが無効です：リクエスト本文が正しい JSON ではありません',
  'errors.unsupportedContentType': 'パラメータが無効です：対応していないコンテンツタイプです',
  'errors.payloadTooLarge': 'リクエストが大きすぎます',
  'errors.notFound': '見つかりません',
  'errors.routeNotFound': '要求された API は存在しません：{method} {path}',
  'errors.forbidden': 'この操作を行う権限がありません',
  'errors.conflict': '現在の状態と競合しています。更新してもう一度お試しください',
  'errors.tooManyRequests': 'リクエストが多すぎます。しばらくしてからもう一度お試しください',
  'errors.system': 'システムエラー',
  'errors.serviceUnavailable': 'サーバーが混み合っています。しばらくしてからもう一度お試しください',
  'errors.loginRequired': '先にログインしてください',
  'errors.noCredits':
    '生成に必要なポイントが足りません。ポイントを入手するか、サブスクリプションに登録してください！',
  'errors.noCreditsPaid': '生成に必要なポイントが足りません。ポイントを入手してください！',
  'errors.upgradeRequired': 'この機能はサブスクリプション会員のみご利用いただけます',
};
