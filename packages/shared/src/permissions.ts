import { isPathWithin } from './paths';

export type Permission = 'text' | 'file' | 'mount' | 'admin';

export type Principal =
  | { type: 'none' }
  | { type: 'admin'; id: string; name: string }
  | {
      type: 'apikey';
      id: string;
      name: string;
      basicPath: string;
      permissions: { text: boolean; file: boolean; mount: boolean };
      /** Mount access limited to reading (SPEC §6). */
      mountReadOnly: boolean;
    };

/** text/file/mount: the admin or a key holding the flag; 'admin': the admin only. */
export function hasPermission(principal: Principal, permission: Permission): boolean {
  switch (principal.type) {
    case 'admin':
      return true;
    case 'apikey':
      return permission !== 'admin' && principal.permissions[permission];
    case 'none':
      return false;
  }
}

/** Whether the principal may act on `path`; an API key is confined to its basic path. */
export function hasPathPermission(principal: Principal, path: string): boolean {
  switch (principal.type) {
    case 'admin':
      return true;
    case 'apikey':
      return isPathWithin(principal.basicPath, path);
    case 'none':
      return false;
  }
}

/**
 * Whether the principal created a record. A key's records may hold either its bare id or its
 * creator tag `apikey:<id>`, so both are accepted; the admin may act on every record.
 */
export function isCreator(principal: Principal, createdBy: string | null | undefined): boolean {
  switch (principal.type) {
    case 'admin':
      return true;
    case 'apikey':
      return !!createdBy && (createdBy === principal.id || createdBy === `apikey:${principal.id}`);
    case 'none':
      return false;
  }
}

/** The admin panel is open to the admin and to keys with at least one content permission. */
export function canUseAdminPanel(principal: Principal): boolean {
  switch (principal.type) {
    case 'admin':
      return true;
    case 'apikey': {
      const { text, file, mount } = principal.permissions;
      return text || file || mount;
    }
    case 'none':
      return false;
  }
}

/** The value stored in `created_by` for records the principal creates. */
export function creatorTag(principal: Principal): string {
  switch (principal.type) {
    case 'admin':
      return 'admin';
    case 'apikey':
      return `apikey:${principal.id}`;
    case 'none':
      throw new Error('An anonymous principal cannot create records');
  }
}
