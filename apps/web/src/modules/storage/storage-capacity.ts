/** A storage's total capacity as the form shows it: an amount and a unit, empty for no limit. */

export const CAPACITY_UNITS = ['MB', 'GB', 'TB'] as const;
export type CapacityUnit = (typeof CAPACITY_UNITS)[number];
export const CAPACITY_UNIT_BYTES: Record<CapacityUnit, number> = {
  MB: 1024 ** 2,
  GB: 1024 ** 3,
  TB: 1024 ** 4,
};

export interface CapacityValues {
  /** Empty: no limit. */
  capacity: string | number;
  capacityUnit: CapacityUnit;
}

/** Bytes in the largest unit that shows them exactly in two decimals: 2 TB, 1.5 GB. */
export function capacityInUnits(bytes: number): { value: number; unit: CapacityUnit } {
  for (const unit of ['TB', 'GB'] as const) {
    const value = bytes / CAPACITY_UNIT_BYTES[unit];
    if (value >= 1 && Number.isInteger(value * 100)) return { value, unit };
  }
  return { value: Math.round((bytes / CAPACITY_UNIT_BYTES.MB) * 100) / 100, unit: 'MB' };
}

/** The form's fields for a stored capacity (null: no limit, shown empty in GB). */
export function capacityValuesFrom(bytes: number | null): CapacityValues {
  const capacity = bytes === null ? null : capacityInUnits(bytes);
  return { capacity: capacity?.value ?? '', capacityUnit: capacity?.unit ?? 'GB' };
}

/** The capacity in bytes: undefined when invalid, null when empty (no limit). */
export function capacityBytes(values: CapacityValues) {
  const text = String(values.capacity).trim();
  if (text === '') return null;
  const amount = Number(text);
  if (!Number.isFinite(amount) || amount <= 0) return undefined;
  const bytes = Math.round(amount * CAPACITY_UNIT_BYTES[values.capacityUnit]);
  return bytes >= 1 && Number.isSafeInteger(bytes) ? bytes : undefined;
}

/**
 * The capacity to send when editing; undefined when there is none to send (unchanged or
 * invalid). The form shows the stored bytes rounded to two decimals: unchanged text is no change.
 */
export function capacityChange(values: CapacityValues, stored: number | null) {
  const shown = capacityValuesFrom(stored);
  const text = String(values.capacity).trim();
  const edited =
    text !== String(shown.capacity) || (values.capacityUnit !== shown.capacityUnit && text !== '');
  const bytes = capacityBytes(values);
  return edited && bytes !== undefined && bytes !== stored ? bytes : undefined;
}
