import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface S3rverInstance {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The s3rver process (benchmarks pin it to a core of its own). */
  pid: number;
  /** What a storage config (POST /api/s3-configs) needs to point at this s3rver. */
  storageFields: {
    storage_type: 's3';
    provider: 'minio';
    endpoint: string;
    region: string;
    bucket: string;
    access_key_id: string;
    secret_access_key: string;
    path_style: true;
  };
  stop(): Promise<void>;
}

/** Lets browsers PUT to presigned URLs and read the part ETags they need to complete. */
export const CORS_CONFIG = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>DELETE</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/**
 * Runs in the child (CommonJS). s3rver 3.7 lacks ListParts, AbortMultipartUpload,
 * ListMultipartUploads and UploadPartCopy, and its delimited ListObjectsV2 misses common
 * prefixes of keys two folders down and pages them wrongly; the drivers need all of it, so this
 * answers them from s3rver's own store and
 * upload folder (`<bucket>/._S3rver_uploads/<uploadId>/{key, <n>, <n>.md5}`) in the XML shapes
 * of the S3 API reference, and hands every other request to s3rver.
 */
const CHILD_SCRIPT = String.raw`
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const S3rver = require(process.env.S3RVER_MODULE);
const { directory, bucket, cors } = JSON.parse(process.env.S3RVER_CONFIG);

const escapeXml = (value) =>
  String(value).replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]);
const uploadsDir = (name) => path.join(directory, name, '._S3rver_uploads');
const uploadIdPattern = /^[0-9a-f]{32}$/;

function send(res, status, xml) {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(xml === undefined ? undefined : '<?xml version="1.0" encoding="UTF-8"?>\n' + xml);
}
function noSuchUpload(res, uploadId) {
  send(res, 404, '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>' + escapeXml(uploadId) + '</UploadId></Error>');
}
function readUpload(name, uploadId) {
  if (!uploadIdPattern.test(uploadId)) return null;
  const dir = path.join(uploadsDir(name), uploadId);
  try {
    return { dir, key: fs.readFileSync(path.join(dir, 'key'), 'utf8'), initiated: fs.statSync(path.join(dir, 'key')).mtime };
  } catch {
    return null;
  }
}

function listMultipartUploads(res, name, prefix) {
  let ids = [];
  try { ids = fs.readdirSync(uploadsDir(name)); } catch {}
  const uploads = ids
    .map((id) => ({ id, upload: readUpload(name, id) }))
    .filter(({ upload }) => upload && upload.key.startsWith(prefix))
    .sort((a, b) => (a.upload.key < b.upload.key ? -1 : a.upload.key > b.upload.key ? 1 : 0));
  send(res, 200, '<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    '<Bucket>' + escapeXml(name) + '</Bucket><Prefix>' + escapeXml(prefix) + '</Prefix>' +
    '<MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>' +
    uploads.map(({ id, upload }) => '<Upload><Key>' + escapeXml(upload.key) + '</Key><UploadId>' + id +
      '</UploadId><Initiated>' + upload.initiated.toISOString() + '</Initiated><StorageClass>STANDARD</StorageClass></Upload>').join('') +
    '</ListMultipartUploadsResult>');
}

function listParts(res, name, key, uploadId) {
  const upload = readUpload(name, uploadId);
  if (!upload || upload.key !== key) return noSuchUpload(res, uploadId);
  const parts = fs.readdirSync(upload.dir)
    .filter((file) => /^[0-9]+$/.test(file) && fs.existsSync(path.join(upload.dir, file + '.md5')))
    .map((file) => {
      const stat = fs.statSync(path.join(upload.dir, file));
      const md5 = fs.readFileSync(path.join(upload.dir, file + '.md5'), 'utf8');
      return { number: Number(file), size: stat.size, modified: stat.mtime, md5 };
    })
    .sort((a, b) => a.number - b.number);
  send(res, 200, '<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    '<Bucket>' + escapeXml(name) + '</Bucket><Key>' + escapeXml(key) + '</Key><UploadId>' + uploadId + '</UploadId>' +
    '<PartNumberMarker>0</PartNumberMarker><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>' +
    parts.map((p) => '<Part><PartNumber>' + p.number + '</PartNumber><LastModified>' + p.modified.toISOString() +
      '</LastModified><ETag>&quot;' + p.md5 + '&quot;</ETag><Size>' + p.size + '</Size></Part>').join('') +
    '</ListPartsResult>');
}

function abortMultipartUpload(res, name, key, uploadId) {
  const upload = readUpload(name, uploadId);
  if (!upload || upload.key !== key) return noSuchUpload(res, uploadId);
  fs.rmSync(upload.dir, { recursive: true, force: true });
  send(res, 204);
}

const compareKeys = (a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** ListObjectsV2 with a delimiter, as S3 does it: prefixes and keys share MaxKeys and order. */
async function listObjectsDelimited(res, name, params) {
  const prefix = params.get('prefix') || '';
  const delimiter = params.get('delimiter');
  const maxKeys = Number(params.get('max-keys') || 1000);
  const token = params.get('continuation-token');
  const after = token ? Buffer.from(token, 'base64url').toString() : params.get('start-after') || '';
  const { objects } = await s3rver.store.listObjects(name, { prefix });
  const entries = new Map();
  for (const object of objects) {
    const index = object.key.indexOf(delimiter, prefix.length);
    const prefixOf = index === -1 ? null : object.key.slice(0, index + delimiter.length);
    if (prefixOf) entries.set(prefixOf, { prefix: prefixOf });
    else entries.set(object.key, { object });
  }
  const sorted = [...entries.entries()]
    .filter(([entryKey]) => !after || compareKeys(entryKey, after) > 0)
    .sort(([a], [b]) => compareKeys(a, b));
  const page = sorted.slice(0, maxKeys);
  const truncated = sorted.length > maxKeys;
  const last = page.length ? page[page.length - 1][0] : '';
  send(res, 200, '<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    '<Name>' + escapeXml(name) + '</Name><Prefix>' + escapeXml(prefix) + '</Prefix>' +
    '<Delimiter>' + escapeXml(delimiter) + '</Delimiter><MaxKeys>' + maxKeys + '</MaxKeys>' +
    '<KeyCount>' + page.length + '</KeyCount><IsTruncated>' + truncated + '</IsTruncated>' +
    (truncated ? '<NextContinuationToken>' + Buffer.from(last).toString('base64url') + '</NextContinuationToken>' : '') +
    page.map(([, entry]) => entry.prefix
      ? '<CommonPrefixes><Prefix>' + escapeXml(entry.prefix) + '</Prefix></CommonPrefixes>'
      : '<Contents><Key>' + escapeXml(entry.object.key) + '</Key><LastModified>' +
        entry.object.lastModifiedDate.toISOString() + '</LastModified><ETag>' +
        escapeXml(entry.object.metadata.etag) + '</ETag><Size>' + entry.object.size +
        '</Size><StorageClass>STANDARD</StorageClass></Contents>').join('') +
    '</ListBucketResult>');
}

/** UploadPartCopy: the byte range of the source object becomes a part of the upload. */
async function uploadPartCopy(req, res, name, uploadId, partNumber) {
  const source = decodeURIComponent(req.headers['x-amz-copy-source']).replace(/^\//, '');
  const [sourceBucket, ...sourceKey] = source.split('/');
  const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers['x-amz-copy-source-range'] || '');
  const object = await s3rver.store.getObject(sourceBucket, sourceKey.join('/'),
    range ? { start: Number(range[1]), end: Number(range[2]) } : undefined);
  const { md5 } = await s3rver.store.putPart(name, uploadId, partNumber, object.content);
  send(res, 200, '<CopyPartResult><LastModified>' + new Date().toISOString() +
    '</LastModified><ETag>&quot;' + md5 + '&quot;</ETag></CopyPartResult>');
}

const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket, configs: [cors] }] });
const s3rverHandler = s3rver.callback();

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://s3rver');
  const [, name, ...keySegments] = url.pathname.split('/');
  const key = keySegments.map(decodeURIComponent).join('/');
  const uploadId = url.searchParams.get('uploadId');
  const bucketName = decodeURIComponent(name || '');
  if (req.method === 'GET' && bucketName && !key && url.searchParams.has('uploads')) {
    return listMultipartUploads(res, bucketName, url.searchParams.get('prefix') || '');
  }
  if (req.method === 'GET' && key && uploadId !== null && !url.searchParams.has('partNumber')) {
    return listParts(res, bucketName, key, uploadId);
  }
  if (req.method === 'DELETE' && key && uploadId !== null) {
    return abortMultipartUpload(res, bucketName, key, uploadId);
  }
  const fail = (error) => send(res, 500, '<Error><Code>InternalError</Code><Message>' + escapeXml(error.message) + '</Message></Error>');
  if (req.method === 'GET' && bucketName && !key && url.searchParams.get('list-type') === '2' && url.searchParams.get('delimiter')) {
    return listObjectsDelimited(res, bucketName, url.searchParams).catch(fail);
  }
  if (req.method === 'PUT' && key && uploadId !== null && req.headers['x-amz-copy-source']) {
    return uploadPartCopy(req, res, bucketName, uploadId, Number(url.searchParams.get('partNumber'))).catch(fail);
  }
  if (req.method === 'PUT' && req.headers['x-amz-copy-source']) {
    // S3 takes the source fully percent-encoded; s3rver reads it with decodeURI, which leaves
    // %2B, %23, %3F… encoded and so misses 'a+b.txt'. Sent the way its decodeURI undoes.
    req.headers['x-amz-copy-source'] = encodeURI(decodeURIComponent(req.headers['x-amz-copy-source']));
  }
  return s3rverHandler(req, res);
});

s3rver.configureBuckets().then(() => {
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(JSON.stringify({ port: server.address().port }) + '\n');
  });
});
// The parent holds our stdin open: when it goes, even without calling stop(), so do we.
process.stdin.on('close', () => {
  fs.rmSync(path.dirname(directory), { recursive: true, force: true });
  process.exit(0);
});
process.stdin.resume();
`;

const STARTUP_TIMEOUT_MS = 15_000;

/**
 * Starts s3rver in a child process of its own: it needs `--openssl-legacy-provider` (its
 * ListObjectsV2 continuation tokens use DES), which the test process should not run under.
 */
export async function startS3rver({ cors = CORS_CONFIG } = {}): Promise<S3rverInstance> {
  const workDir = await mkdtemp(join(tmpdir(), 'sharebin-s3rver-'));
  const directory = join(workDir, 'data');
  const script = join(workDir, 's3rver-child.cjs');
  await writeFile(script, CHILD_SCRIPT);
  const bucket = `test-${randomBytes(4).toString('hex')}`;
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      NODE_OPTIONS: '--openssl-legacy-provider',
      S3RVER_MODULE: createRequire(import.meta.url).resolve('s3rver'),
      S3RVER_CONFIG: JSON.stringify({ directory, bucket, cors }),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });

  try {
    const port = await readPort(child);
    const endpoint = `http://127.0.0.1:${port}`;
    await waitUntilAnswering(`${endpoint}/${bucket}?max-keys=1`);
    // s3rver's default account; it does not verify SigV4 signatures anyway.
    const account = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    return {
      endpoint,
      bucket,
      ...account,
      storageFields: {
        storage_type: 's3',
        provider: 'minio',
        endpoint,
        region: 'us-east-1',
        bucket,
        access_key_id: account.accessKeyId,
        secret_access_key: account.secretAccessKey,
        path_style: true,
      },
      pid: child.pid as number,
      stop: () => stopChild(child).then(() => rm(workDir, { recursive: true, force: true })),
    };
  } catch (error) {
    await stopChild(child);
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
}

function readPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(
      () => reject(new Error(`s3rver did not start in time: ${stderr}`)),
      STARTUP_TIMEOUT_MS,
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n') && line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with code ${code}: ${stderr}`));
    });
  });
}

async function waitUntilAnswering(url: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) throw new Error(`s3rver at ${url} never answered 200`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const forceKill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(forceKill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
