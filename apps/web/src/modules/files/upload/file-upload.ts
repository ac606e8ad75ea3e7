import type { FileShare } from '@sharebin/shared';
import { multipartUpload } from './multipart';
import { presignedUpload } from './presigned';
import type { ShareRequestOptions } from './upload.api';
import { chooseUploadMethod, type UploadHooks, type UploadMethod } from './upload.types';

/**
 * Uploads a file from the computer (or the clipboard) as a share: one presigned PUT for
 * files up to two chunks, multipart above (SPEC §4).
 */
export function uploadFile(input: {
  file: File;
  options: ShareRequestOptions;
  hooks: UploadHooks & { onMethod: (method: UploadMethod) => void };
}): Promise<FileShare> {
  const { file, hooks } = input;
  const method = chooseUploadMethod(file.size);
  hooks.onMethod(method);
  const transfer = {
    route: 's3' as const,
    body: file,
    request: {
      ...input.options,
      filename: file.name,
      mimetype: file.type || undefined,
      size: file.size,
    },
    hooks,
  };
  return method === 'multipart' ? multipartUpload(transfer) : presignedUpload(transfer);
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A file pasted from the clipboard: screenshots all arrive as `image.png`, so they get a name
 * with the time they were pasted.
 */
export function namePastedFile(file: File, now = new Date()): File {
  if (file.name && file.name !== 'image.png') return file;
  const extension = file.type.split('/')[1]?.split(/[+;]/)[0] || 'bin';
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return new File([file], `pasted-${stamp}.${extension}`, {
    type: file.type,
    lastModified: file.lastModified,
  });
}
