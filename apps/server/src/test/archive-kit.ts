import { crc32, deflateRawSync } from 'node:zlib';
import * as tar from 'tar-stream';

// Archives written by hand for the archive tests, as the formats say.

/**
 * A zip of `files` (name, bytes, deflated or stored). `declaredSize` makes an entry lie about
 * its inflated size (a bomb's trick); `link` marks it a symbolic link.
 */
export function zipOf(
  files: {
    name: string;
    bytes: Buffer;
    deflate?: boolean;
    link?: boolean;
    declaredSize?: number;
  }[],
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, bytes, deflate, link, declaredSize = bytes.length } of files) {
    const data = deflate ? deflateRawSync(bytes) : bytes;
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt16LE(0x6000, 10); // 12:00
    local.writeUInt16LE(0x5b21, 12); // 2025-09-01
    local.writeUInt32LE(crc32(bytes), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declaredSize, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x031e, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt16LE(0x6000, 12);
    central.writeUInt16LE(0x5b21, 14);
    central.writeUInt32LE(crc32(bytes), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declaredSize, 24);
    central.writeUInt16LE(fileName.length, 28);
    const mode = link ? 0o120777 : name.endsWith('/') ? 0o040755 : 0o100644;
    central.writeUInt32LE((mode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export async function tarOf(
  entries: { name: string; text?: string; type?: 'file' | 'directory' | 'symlink' | 'fifo' }[],
): Promise<Buffer> {
  const pack = tar.pack();
  for (const { name, text = '', type = 'file' } of entries) {
    if (type === 'symlink') pack.entry({ name, type, linkname: '/etc/passwd' });
    else if (type === 'fifo') pack.entry({ name, type });
    else if (type === 'directory') pack.entry({ name, type });
    else pack.entry({ name, mtime: new Date('2025-09-01T12:00:00Z') }, text);
  }
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
