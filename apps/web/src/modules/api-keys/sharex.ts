/**
 * A ShareX custom uploader (`.sxcu`) for an API key: ShareX posts each file to
 * `POST /api/upload` with the key and copies the share page's address from the answer.
 * Built in the browser right after the key is created, the only time the full key is known.
 */
export interface SharexUploaderInput {
  /** Origin of this server as visitors reach it (`https://share.example.com`). */
  origin: string;
  keyName: string;
  key: string;
}

export function sharexUploader({ origin, keyName, key }: SharexUploaderInput) {
  const base = origin.replace(/\/+$/, '');
  return {
    Version: '16.1.0',
    Name: `Sharebin ${new URL(base).host} (${keyName})`,
    DestinationType: 'ImageUploader, TextUploader, FileUploader',
    RequestMethod: 'POST',
    RequestURL: `${base}/api/upload`,
    Headers: { Authorization: `ApiKey ${key}` },
    Body: 'MultipartFormData',
    FileFormName: 'file',
    URL: `${base}/file/{json:data.slug}`,
    ErrorMessage: '{json:message}',
  };
}

/** The `.sxcu` file: its name (from the key's name) and its JSON text. */
export function sharexUploaderFile(input: SharexUploaderInput): { filename: string; text: string } {
  const safeName = input.keyName.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'key';
  return {
    filename: `sharebin-${safeName}.sxcu`,
    text: `${JSON.stringify(sharexUploader(input), null, 2)}\n`,
  };
}
