/** One mapping segment of a generated line: where it starts, and the source it came from (if any). */
export interface Segment {
  column: number;
  source?: number;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** Base64 VLQ numbers of one segment ("AAAA" -> [0, 0, 0, 0]). */
function decodeSegment(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`not a source map character: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/**
 * The `mappings` of a source map (version 3), per generated line: the segments' start columns and
 * source indexes. Columns restart on each line; source indexes run on across lines (the spec).
 */
export function decodeMappings(mappings: string): Segment[][] {
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    return line
      .split(',')
      .filter(Boolean)
      .map((text) => {
        const [dColumn, dSource] = decodeSegment(text);
        column += dColumn!;
        if (dSource === undefined) return { column };
        source += dSource;
        return { column, source };
      });
  });
}
