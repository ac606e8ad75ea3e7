import { describe, expect, it } from 'vitest';
import { sharexUploader, sharexUploaderFile } from './sharex';

describe('the ShareX uploader', () => {
  const input = {
    origin: 'https://share.example.com/',
    keyName: 'My laptop / ShareX',
    key: 'sb_0123456789abcdefghijABCDEFGHIJ0123456789',
  };

  it('posts files to /api/upload with the key in the ApiKey scheme', () => {
    expect(sharexUploader(input)).toEqual({
      Version: '16.1.0',
      Name: 'Sharebin share.example.com (My laptop / ShareX)',
      DestinationType: 'ImageUploader, TextUploader, FileUploader',
      RequestMethod: 'POST',
      RequestURL: 'https://share.example.com/api/upload',
      Headers: { Authorization: `ApiKey ${input.key}` },
      Body: 'MultipartFormData',
      FileFormName: 'file',
      URL: 'https://share.example.com/file/{json:data.slug}',
      ErrorMessage: '{json:message}',
    });
  });

  it('names the file after the key and writes JSON that reads back the same', () => {
    const file = sharexUploaderFile(input);
    expect(file.filename).toBe('sharebin-My-laptop-ShareX.sxcu');
    expect(JSON.parse(file.text)).toEqual(sharexUploader(input));
    expect(sharexUploaderFile({ ...input, keyName: '///' }).filename).toBe('sharebin-key.sxcu');
  });
});
