import {
  type Icon,
  IconFile,
  IconFileCode,
  IconFileText,
  IconFileTypePdf,
  IconFileTypeSvg,
  IconFileZip,
  IconMarkdown,
  IconMovie,
  IconMusic,
  IconPhoto,
} from '@tabler/icons-react';
import type { PreviewKind } from '../../share/file-preview';

const ARCHIVE = /(zip|x-tar|gzip|x-7z|x-rar|x-bzip2|x-xz|compressed)/;

/** The icon standing for a file of this kind and type. */
export function fileTypeIcon(kind: PreviewKind, mimetype: string): Icon {
  switch (kind) {
    case 'image':
      return IconPhoto;
    case 'svg':
      return IconFileTypeSvg;
    case 'video':
      return IconMovie;
    case 'audio':
      return IconMusic;
    case 'pdf':
      return IconFileTypePdf;
    case 'markdown':
      return IconMarkdown;
    case 'html':
      return IconFileCode;
    case 'text':
      return mimetype.startsWith('text/plain') ? IconFileText : IconFileCode;
    case 'none':
      return ARCHIVE.test(mimetype) ? IconFileZip : IconFile;
  }
}
