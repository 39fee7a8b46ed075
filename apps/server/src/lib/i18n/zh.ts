import type { MessageKey } from './en';

export const zh: Record<MessageKey, string> = {
  'errors.invalidParams': '参数无效',
  'errors.invalidField': '参数无效：{field}：{reason}',
  'errors.fieldRequired': '为必填项',
  'errors.invalidJson': '参数无效：请求内容不是有效的 JSON',
  'errors.unsupportedContentType': '参数无效：不支持的内容类型',
  'errors.payloadTooLarge': '请求内容过大',
  'errors.notFound': '未找到',
  'errors.routeNotFound': '请求的接口不存在：{method} {path}',
  'errors.forbidden': '您没有执行此操作的权限',
  'errors.conflict': '与当前状态冲突，请刷新后重试',
  'errors.tooManyRequests': '请求过于频繁，请稍后再试',
  'errors.system': '系统错误',
  'errors.serviceUnavailable': '服务器繁忙，请稍后再试',
  'errors.loginRequired': '请先登录',
  'errors.noCredits': '积分不足，无法生成，请获取积分或成为订阅会员！',
  'errors.noCreditsPaid': '积分不足，无法生成，请获取积分！',
  'errors.upgradeRequired': '此功能仅对订阅用户开放',
};
