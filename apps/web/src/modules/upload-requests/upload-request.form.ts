import type {
  ExpiryOption,
  UploadRequest,
  UploadRequestCreateRequest,
  UploadRequestUpdateRequest,
} from '@sharebin/shared';
import { NEW_SHARE_SETTINGS, type ShareSettingsValues, shareSettingsChanges } from '../management';

/**
 * An upload request's form: the settings every share has (its "view limit" is the number of
 * files it takes, as the server reads it), then the folder and what it accepts.
 */

export const SIZE_UNITS = ['MB', 'GB'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];
const UNIT_BYTES: Record<SizeUnit, number> = { MB: 1024 ** 2, GB: 1024 ** 3 };

/** A size limit as the form shows it: an amount and its unit; empty is no limit (0). */
export interface SizeValue {
  amount: string | number;
  unit: SizeUnit;
}

/** Bytes in the largest unit that shows them within two decimals: 2 GB, 1.5 GB, 300 MB. */
export function sizeValueOf(bytes: number): SizeValue {
  if (bytes <= 0) return { amount: '', unit: 'MB' };
  const gigabytes = bytes / UNIT_BYTES.GB;
  if (gigabytes >= 1 && Number.isInteger(gigabytes * 100)) return { amount: gigabytes, unit: 'GB' };
  return { amount: Math.round((bytes / UNIT_BYTES.MB) * 100) / 100, unit: 'MB' };
}

/** The limit in bytes: 0 for an empty amount, NaN for one that is not a size (the schema refuses it). */
export function sizeBytesOf({ amount, unit }: SizeValue): number {
  const text = String(amount).trim();
  if (text === '') return 0;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? Math.round(value * UNIT_BYTES[unit]) : Number.NaN;
}

/**
 * The new limit in bytes when it was edited: the form shows a stored limit rounded to two
 * decimals, so unchanged text is no change. Undefined: nothing to send.
 */
function sizeChange(value: SizeValue, stored: number): number | undefined {
  const shown = sizeValueOf(stored);
  if (String(value.amount).trim() === String(shown.amount) && value.unit === shown.unit) {
    return undefined;
  }
  const bytes = sizeBytesOf(value);
  return Number.isNaN(bytes) || bytes === stored ? undefined : bytes;
}

/** What an upload request's form edits besides the settings every share has. */
export interface RequestLimitValues {
  /** The folder (edited only while the request is made). */
  path: string;
  maxFileSize: SizeValue;
  maxTotalSize: SizeValue;
  allowedTypes: string[];
}

/** The form's own values, with the settings' view limit it reads as the number of files. */
export type RequestOwnValues = RequestLimitValues & Pick<ShareSettingsValues, 'maxViews'>;

export type RequestFormValues = ShareSettingsValues & RequestLimitValues;

/** An upload request as its form reads it: a saved one, or one not made yet. */
export interface RequestSource {
  remark: string;
  slug: string;
  has_password: boolean;
  expires_at: string | null;
  /** The number of files it takes (the settings' view limit), and how many arrived. */
  max_views: number;
  views: number;
  path: string;
  max_file_size: number;
  max_total_size: number;
  allowed_types: string[];
  bytes_received: number;
}

/** A saved request, its files as its "views". */
export const requestSourceOf = (request: UploadRequest): RequestSource & UploadRequest => ({
  ...request,
  max_views: request.max_files,
  views: request.files_received,
});

/** A request not made yet into `path`: no suffix, no password, no limits. */
export const newRequestSource = (path: string): RequestSource => ({
  ...NEW_SHARE_SETTINGS,
  path,
  max_file_size: 0,
  max_total_size: 0,
  allowed_types: [],
  bytes_received: 0,
});

export const ownValuesOf = (source: RequestSource): RequestOwnValues => ({
  maxViews: source.max_views,
  path: source.path,
  maxFileSize: sizeValueOf(source.max_file_size),
  maxTotalSize: sizeValueOf(source.max_total_size),
  allowedTypes: [...source.allowed_types],
});

/** The settings' view limit read as the number of files: NaN when not a number. */
const maxFilesOf = (values: Pick<ShareSettingsValues, 'maxViews'>) => {
  const text = String(values.maxViews).trim();
  return text === '' ? Number.NaN : Number(text);
};

/** The limits as the request carries them (and the shared schema checks them). */
export const limitsCandidate = (values: RequestOwnValues) => ({
  max_files: maxFilesOf(values),
  max_file_size: sizeBytesOf(values.maxFileSize),
  max_total_size: sizeBytesOf(values.maxTotalSize),
  allowed_types: values.allowedTypes,
});

/** The new request: an empty suffix asks for a random one, no expiry means never. */
export function createRequestOf(values: RequestFormValues): UploadRequestCreateRequest {
  const slug = values.slug.trim();
  return {
    path: values.path.trim(),
    remark: values.remark.trim(),
    ...(slug ? { slug } : {}),
    ...(values.passwordAction === 'set' ? { password: values.password } : {}),
    expires_in: values.expiry === 'keep' ? 'never' : (values.expiry as ExpiryOption),
    ...limitsCandidate(values),
  };
}

const sameTypes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((type, index) => type === b[index]);

/** Only what changed; an empty object means nothing to save. */
export function requestChanges(
  values: RequestFormValues,
  original: RequestSource,
): UploadRequestUpdateRequest {
  const { max_views: maxFiles, ...settings } = shareSettingsChanges(values, original);
  const changes: UploadRequestUpdateRequest = { ...settings };
  if (maxFiles !== undefined) changes.max_files = maxFiles;
  const maxFileSize = sizeChange(values.maxFileSize, original.max_file_size);
  if (maxFileSize !== undefined) changes.max_file_size = maxFileSize;
  const maxTotalSize = sizeChange(values.maxTotalSize, original.max_total_size);
  if (maxTotalSize !== undefined) changes.max_total_size = maxTotalSize;
  if (!sameTypes(values.allowedTypes, original.allowed_types)) {
    changes.allowed_types = values.allowedTypes;
  }
  return changes;
}
