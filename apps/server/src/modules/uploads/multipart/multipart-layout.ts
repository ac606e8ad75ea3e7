import { MULTIPART_CHUNK_SIZE } from '@sharebin/shared';

const MAX_PARTS = 10_000;
const MIB = 1024 * 1024;

/** 5 MiB parts, larger (whole MiB) when a file would need more than 10,000 of them. */
export const multipartPartSize = (size: number) =>
  Math.max(MULTIPART_CHUNK_SIZE, Math.ceil(size / MAX_PARTS / MIB) * MIB);

/** How an upload of `size` bytes is cut: every part `partSize` long but the last. */
export function multipartLayout(size: number) {
  const partSize = multipartPartSize(size);
  const partCount = Math.max(1, Math.ceil(size / partSize));
  const lengthOf = (partNumber: number) =>
    partNumber < partCount ? partSize : size - partSize * (partCount - 1);
  return {
    partSize,
    partCount,
    lengthOf,
    /**
     * Whether the parts a client lists, at the sizes the storage holds, make exactly `size`
     * bytes: every part once, each of its own length. Answers the bytes they hold as well.
     */
    check(listed: { partNumber: number }[], storedSizes: Map<number, number>) {
      const numbers = new Set(listed.map((part) => part.partNumber));
      const whole =
        numbers.size === partCount &&
        listed.length === partCount &&
        listed.every(
          ({ partNumber }) =>
            partNumber <= partCount && storedSizes.get(partNumber) === lengthOf(partNumber),
        );
      const total = listed.reduce((sum, part) => sum + (storedSizes.get(part.partNumber) ?? 0), 0);
      return { whole, total };
    },
  };
}
