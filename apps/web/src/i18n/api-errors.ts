import type { ErrorCode } from '@sharebin/shared';

/**
 * What the API's error codes mean, per language. Typed by the shared codes, so a code added
 * on the server does not build until both languages say it. A `{ one, other }` pair is a
 * plural on `{{count}}`; byte figures arrive formatted (see error-messages.ts).
 */
export type ApiErrorTexts = Record<ErrorCode, string | { one: string; other: string }>;

export const apiErrorsEnUS: ApiErrorTexts = {
  'validation.failed': 'The request is not valid',
  'request.malformed_json': 'The request body is not valid JSON',
  'request.malformed_form': 'The upload form is malformed',
  'request.aborted': 'The upload was cut off before it finished',
  'request.unsupported_media_type': 'The request body has an unsupported type',
  'request.payload_too_large': 'The request is too large',
  'route.not_found': 'No such API route',
  'route.method_not_allowed': 'Method not allowed on this route',
  'internal.error': 'Server error, please try again later',
  'auth.required': 'Please sign in first',
  'auth.invalid_credentials': 'Wrong username or password',
  'auth.invalid_token': 'The admin session is not valid, please sign in again',
  'auth.token_expired': 'The admin session has expired, please sign in again',
  'auth.rate_limited': {
    one: 'Too many failed attempts; try again in {{count}} second',
    other: 'Too many failed attempts; try again in {{count}} seconds',
  },
  'auth.wrong_current_password': 'The current password is wrong',
  'auth.forbidden': 'These credentials may not do this',
  'apikey.invalid': 'The API key is not valid',
  'apikey.expired': 'The API key has expired',
  'apikey.not_found': 'This API key no longer exists',
  'apikey.conflict': 'This key is already in use, choose another',
  'path.invalid': 'This path is not valid',
  'database.unavailable': 'The database does not answer, please try again shortly',
  'storage.full': 'The storage has no space left',
  'storage.timeout': 'The storage did not answer in time, please try again',
  'storage.too_large': 'The upload is larger than it may be; nothing was stored',
  'paste.not_found': 'This paste does not exist',
  'paste.expired': 'This paste has expired',
  'paste.views_exhausted': 'This paste has reached its view limit',
  'paste.password_required': 'This paste is protected by a password',
  'paste.wrong_password': 'Wrong password',
  'paste.slug_taken': 'This link suffix is already taken; try another',
  'paste.too_large': 'The content exceeds the limit of {{limitBytes}}',
  'share.invalid_access_token': 'The access link has expired; enter the password again',
  'share.rate_limited': {
    one: 'Too many wrong passwords; try again in {{count}} second',
    other: 'Too many wrong passwords; try again in {{count}} seconds',
  },
  'storage.config_not_found': 'This storage configuration no longer exists',
  'storage.config_in_use': {
    one: 'This storage still holds {{count}} file share; delete it first',
    other: 'This storage still holds {{count}} file shares; delete them first',
  },
  'storage.config_is_default': 'This is the default storage; make another one the default first',
  'storage.not_allowed': 'No permission to use this storage',
  'storage.insufficient':
    'Insufficient storage: the file needs {{fileSize}}, {{remaining}} of {{total}} remain',
  'file.not_found': 'This file share does not exist',
  'file.expired': 'This file share has expired',
  'file.views_exhausted': 'This file share has reached its view limit',
  'file.already_live': 'This upload has already been completed',
  'file.password_required': 'This file is protected by a password',
  'file.wrong_password': 'Wrong password',
  'file.slug_taken': 'This link suffix is already taken; try another',
  'file.too_large': 'The file exceeds the upload limit of {{limitBytes}}',
  'file.object_missing': 'The uploaded file was not found in the storage; upload it again',
  'file.size_mismatch': 'The stored file has {{stored}}, not the {{declared}} declared',
  'file.not_uploading': 'This file share is already complete',
  'file.range_not_satisfiable': 'The requested range lies outside the file',
  'url.invalid': 'Enter an address starting with http:// or https://',
  'url.forbidden_address': 'This address is not allowed (private or local network)',
  'url.unreachable': 'The address could not be reached',
  'url.timeout': 'The address took too long to answer',
  'url.http_error': 'The address answered with HTTP {{remoteStatus}}',
};

export const apiErrorsZhCN: ApiErrorTexts = {
  'validation.failed': '请求无效',
  'request.malformed_json': '请求内容不是有效的 JSON',
  'request.malformed_form': '上传表单格式错误',
  'request.aborted': '上传在完成前被中断',
  'request.unsupported_media_type': '请求内容的类型不受支持',
  'request.payload_too_large': '请求内容过大',
  'route.not_found': '没有这个 API 路由',
  'route.method_not_allowed': '此路由不支持该方法',
  'internal.error': '服务器错误，请稍后重试',
  'auth.required': '请先登录',
  'auth.invalid_credentials': '用户名或密码错误',
  'auth.invalid_token': '管理员会话无效，请重新登录',
  'auth.token_expired': '管理员会话已过期，请重新登录',
  'auth.rate_limited': '失败次数过多，请在 {{count}} 秒后重试',
  'auth.wrong_current_password': '当前密码错误',
  'auth.forbidden': '当前凭据无权执行此操作',
  'apikey.invalid': 'API 密钥无效',
  'apikey.expired': 'API 密钥已过期',
  'apikey.not_found': '该 API 密钥已不存在',
  'apikey.conflict': '该密钥已被使用，请换一个',
  'path.invalid': '路径无效',
  'database.unavailable': '数据库无响应，请稍后重试',
  'storage.full': '存储空间已满',
  'storage.timeout': '存储未及时响应，请稍后重试',
  'storage.too_large': '上传内容超出允许的大小，未保存任何内容',
  'paste.not_found': '该文本分享不存在',
  'paste.expired': '该文本分享已过期',
  'paste.views_exhausted': '该文本分享已达到查看次数上限',
  'paste.password_required': '该文本分享受密码保护',
  'paste.wrong_password': '密码错误',
  'paste.slug_taken': '链接后缀已被占用，请换一个',
  'paste.too_large': '内容超过了 {{limitBytes}} 的上限',
  'share.invalid_access_token': '访问链接已过期，请重新输入密码',
  'share.rate_limited': '密码错误次数过多，请在 {{count}} 秒后重试',
  'storage.config_not_found': '该存储配置已不存在',
  'storage.config_in_use': '该存储中还有 {{count}} 个文件分享，请先删除',
  'storage.config_is_default': '这是默认存储，请先将其他存储设为默认',
  'storage.not_allowed': '无权使用该存储',
  'storage.insufficient': '存储空间不足：文件需要 {{fileSize}}，剩余 {{remaining}}（共 {{total}}）',
  'file.not_found': '该文件分享不存在',
  'file.expired': '该文件分享已过期',
  'file.views_exhausted': '该文件分享已达到查看次数上限',
  'file.already_live': '该上传已经完成',
  'file.password_required': '该文件受密码保护',
  'file.wrong_password': '密码错误',
  'file.slug_taken': '链接后缀已被占用，请换一个',
  'file.too_large': '文件超过了 {{limitBytes}} 的上传上限',
  'file.object_missing': '存储中找不到已上传的文件，请重新上传',
  'file.size_mismatch': '存储的文件大小为 {{stored}}，与声明的 {{declared}} 不符',
  'file.not_uploading': '该文件分享已完成上传',
  'file.range_not_satisfiable': '请求的范围超出了文件',
  'url.invalid': '请输入以 http:// 或 https:// 开头的地址',
  'url.forbidden_address': '不允许访问该地址（私有或本地网络）',
  'url.unreachable': '无法访问该地址',
  'url.timeout': '该地址响应超时',
  'url.http_error': '该地址返回了 HTTP {{remoteStatus}}',
};

/** Zod issue codes of a 400's `details` (sent by the server with their bounds). */
export type IssueTexts = Record<
  'too_small' | 'too_big' | 'invalid_type' | 'invalid_format' | 'invalid_value',
  string | { one: string; other: string }
> & {
  too_small_string: { one: string; other: string } | string;
  too_big_string: { one: string; other: string } | string;
};

export const issuesEnUS: IssueTexts = {
  too_small: 'Must be at least {{minimum}}',
  too_big: 'Must be at most {{maximum}}',
  too_small_string: {
    one: 'At least {{count}} character',
    other: 'At least {{count}} characters',
  },
  too_big_string: { one: 'At most {{count}} character', other: 'At most {{count}} characters' },
  invalid_type: 'Missing or of the wrong type',
  invalid_format: 'Not in the expected format',
  invalid_value: 'Not one of the allowed values',
};

export const issuesZhCN: IssueTexts = {
  too_small: '不能小于 {{minimum}}',
  too_big: '不能大于 {{maximum}}',
  too_small_string: '至少 {{count}} 个字符',
  too_big_string: '最多 {{count}} 个字符',
  invalid_type: '缺少该值或类型不正确',
  invalid_format: '格式不正确',
  invalid_value: '不是允许的取值',
};
