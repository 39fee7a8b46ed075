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
  'errors.loginFailed': 'ログインに失敗しました：アカウントまたはパスワードが正しくありません',
  'errors.oauthFailed':
    'ログインエラー！{provider} でアカウントを確認できませんでした。もう一度お試しください',
  'errors.loginMethodUnavailable': 'このサーバーでは {provider} でのログインは利用できません',
  'errors.captchaWrong': '認証コードが正しくありません。もう一度お試しください。',
  'errors.captchaExpired':
    '認証コードの有効期限が切れたか、使用済みです。新しいコードを取得してください。',
  'errors.captchaTooSoon': '{seconds} 秒後にもう一度コードを取得してください',
  'errors.captchaSendFailed':
    '認証コードを送信できませんでした。しばらくしてからもう一度お試しください',
  'errors.usernameExists': 'このユーザー名は既に使われています',
  'errors.accountClosed': 'このアカウントは削除されているため、ログインできません',
  'errors.phoneInUse': 'この電話番号は既に別のアカウントに登録されています',
  'errors.emailInUse': 'このメールアドレスは既に別のアカウントで使われています',
  'errors.refreshRejected': 'セッションが終了しました。もう一度ログインしてください',
  'errors.ticketExpired': 'ログインの有効期限が切れました',
  'errors.deletePhrase': 'アカウントを削除するには、正確に「Delete My Account」と入力してください',
  'mail.captchaSubject': 'Lumen の認証コード：{code}',
  'mail.captchaBody':
    '認証コードは {code} です。有効期間は {minutes} 分です。心当たりがない場合は、このメッセージを無視してください。',
  'sms.captcha': '【Lumen】認証コードは {code} です（{minutes} 分間有効）。',
  'errors.moreImagesSubscribers':
    '1回で多くの画像を生成できるのはサブスクリプション会員のみです。設定を調整してください',
  'errors.proModelSubscribers':
    'プロフェッショナルモデルはサブスクリプション会員のみご利用いただけます',
  'errors.longVideoSubscribers':
    '{seconds} 秒を超える動画はサブスクリプション会員のみご利用いただけます',
  'bills.dailyLogin': 'デイリーログイン',
  'bills.birthday': '誕生日ボーナス',
  'bills.expired': '期限切れポイントの失効',
  'bills.adminGrant': 'Lumen チームからのポイント',
};
