import { freePort } from './server-process';

/** The body of `POST /api/s3-configs` for an S3 storage at `endpoint`, with made-up keys. */
export function s3ConfigAt(endpoint: string, name = 'remote') {
  return {
    storage_type: 's3',
    provider: 'minio',
    name,
    endpoint,
    region: 'us-east-1',
    bucket: 'bucket',
    access_key_id: 'key-id',
    secret_access_key: 'secret-access-key',
    path_style: true,
  } as const;
}

/** An address where nothing listens: every connection to it is refused. */
export async function refusingEndpoint(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}
