import { MESSAGE_MAX_LENGTH } from '@plugins/messenger/shared/resources';

/** Characters as Telegram counts them (code points, not UTF-16 units). */
const length = (text: string): number => [...text].length;

/**
 * Lines joined into as few messages as Telegram takes (at most `max` characters each), never
 * splitting a line that fits in one message: a position's data arrives whole on one line. A
 * longer line (none of the shop's are) is cut into pieces of `max`.
 */
export function messageChunks(lines: readonly string[], max = MESSAGE_MAX_LENGTH): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let used = 0;
  const pieces = lines.flatMap((line) => {
    const points = [...line];
    if (points.length <= max) return [line];
    return Array.from({ length: Math.ceil(points.length / max) }, (_, index) =>
      points.slice(index * max, (index + 1) * max).join(''),
    );
  });
  for (const piece of pieces) {
    const size = length(piece);
    // A line break joins it to the lines before.
    if (current.length > 0 && used + 1 + size > max) {
      chunks.push(current.join('\n'));
      current = [];
      used = 0;
    }
    used += (current.length > 0 ? 1 : 0) + size;
    current.push(piece);
  }
  if (current.length > 0) chunks.push(current.join('\n'));
  return chunks;
}
