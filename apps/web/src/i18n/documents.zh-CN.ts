import type { Dictionary } from './en-US';

/** 文件的文本、代码和 Markdown 预览：选择读取文本所用的编码。随预览加载，不在首屏加载。 */
export const documentsZhCN: Dictionary['documents'] = {
  encoding: {
    label: '编码',
    detected: '{{name}}（自动检测）',
    hint: '文字显示为乱码时可换一种编码；此文件会记住所选编码。',
  },
  office: {
    reading: '正在读取文档…',
    failed: '无法读取此文档。',
    failedBody: '文件可能已损坏，或格式不受此预览支持。请下载后用应用打开。',
    tooLargeTitle: '文件过大，无法预览',
    tooLargeBody: '大于 {{limit}} 的文档不在此预览。请下载后用应用打开。',
    unzipsTooLargeBody:
      '此文档解压后会远大于文件本身，超出预览能安全读取的范围（解压后最多 {{limit}}、{{entries}} 个部件，且压缩比须与正常文档相当）。请下载后用应用打开。',
    truncated: '仅显示前 {{rows}} 行、{{columns}} 列。',
    emptySheet: '此工作表为空。',
    sheets: '工作表',
    book: '书页',
    previousPage: '上一页',
    nextPage: '下一页',
    keys: '← → 翻页',
  },
};
