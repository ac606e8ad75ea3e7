import type { Dictionary } from './en-US';

/** 文件的文本、代码和 Markdown 预览：选择读取文本所用的编码。随预览加载，不在首屏加载。 */
export const documentsZhCN: Dictionary['documents'] = {
  encoding: {
    label: '编码',
    detected: '{{name}}（自动检测）',
    hint: '文字显示为乱码时可换一种编码；此文件会记住所选编码。',
  },
};
