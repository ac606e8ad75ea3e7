// Listings for the explorer's rendering benchmark and screenshots, shaped as `FsListing` and
// `FsEntry` of packages/shared/src/schemas/fs.ts (the server's fs API is not needed for them).

const EXTENSIONS = [
  ['txt', 'text/plain'],
  ['md', 'text/markdown'],
  ['jpg', 'image/jpeg'],
  ['pdf', 'application/pdf'],
  ['mp4', 'video/mp4'],
  ['ts', 'text/typescript'],
  ['zip', 'application/zip'],
];

/** A folder of `count` entries: a few folders first, then files of every kind. */
export function folderListing(path, count, prefix = '') {
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  const items = [];
  for (let index = 0; index < count; index += 1) {
    const folder = index < Math.min(20, count / 10);
    const [extension, mimetype] = EXTENSIONS[index % EXTENSIONS.length];
    const name = folder
      ? `${prefix}folder ${index + 1}`
      : `${prefix}file ${index + 1}.${extension}`;
    items.push({
      name,
      path: `${path}/${name}`,
      is_directory: folder,
      size: folder ? null : ((index * 7919) % 5_000_000) + 120,
      modified: new Date(start + index * 3_600_000).toISOString(),
      mimetype: folder ? null : mimetype,
      etag: folder ? null : `etag-${index}`,
      is_mount: false,
      is_virtual: false,
      mount_id: 'mount-1',
    });
  }
  return { path, is_root: false, is_virtual: false, mount_id: 'mount-1', read_only: false, items };
}

/** The virtual root holding the given mount points. */
export function rootListing(mounts) {
  return {
    path: '/',
    is_root: true,
    is_virtual: true,
    mount_id: null,
    read_only: true,
    items: mounts.map((name) => ({
      name,
      path: `/${name}`,
      is_directory: true,
      size: null,
      modified: null,
      mimetype: null,
      etag: null,
      is_mount: true,
      is_virtual: false,
      mount_id: `mount-${name}`,
    })),
  };
}

export const envelope = (data) => JSON.stringify({ code: 200, message: 'OK', data });
