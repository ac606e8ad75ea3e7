import type { Dictionary } from './en-US';

/**
 * 文本分享、文件分享和挂载路径分享共用的分享设置表单（链接后缀、备注、密码、过期时间、次数限制），
 * 属于 zh-CN 词典。只收录各类分享说法相同的文本；提到分享本身的文本（“此分享”“下载次数”）、
 * 表单标题和占位文字仍在各模块的 `form` 中。
 */
export const shareFormZhCN: Dictionary['shareForm'] = {
  slug: '链接后缀',
  slugDescription: '字母、数字、连字符和下划线，最多 {{max}} 个字符。',
  slugRequired: '请输入链接后缀',
  slugPattern: '只能包含字母、数字、连字符和下划线',
  slugTooLong: '最多 {{max}} 个字符',
  slugReserved: '该链接后缀为系统保留，请换一个',
  remarkDescription: '仅自己可见，最多 {{max}} 个字符。',
  remarkTooLong: '最多 {{max}} 个字符',
  password: '访问密码',
  passwordKeep: '保持不变',
  passwordChange: '修改密码',
  passwordRemove: '移除密码',
  passwordNone: '不设密码',
  passwordSet: '设置密码',
  newPassword: '新密码',
  newPasswordPlaceholder: '访问者需要输入的密码',
  passwordRequired: '请输入新密码',
  passwordTooLong: '最多 {{max}} 个字符',
  expiry: '过期时间',
  currentExpiry: '当前：{{value}}',
  expiredAt: '已于 {{value}} 过期',
  expiryChoices: {
    keep: '保持不变',
    '1h': '1 小时',
    '1d': '1 天',
    '7d': '7 天',
    '30d': '30 天',
    never: '永不过期',
  },
  expiryFromNow: '从保存时开始计算。',
  maxViewsInvalid: '请输入 0 或更大的整数',
  maxViewsTooLarge: '最多 {{max}}',
  nothingChanged: '没有任何修改',
};
