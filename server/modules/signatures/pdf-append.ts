/**
 * Appends the one page of `pageDoc` (a jsPDF file of the same paper) to `base` as a PDF incremental
 * update (ISO 32000-1 §7.5.6): the bytes of `base` are kept as they are, and the new page, the page
 * tree that lists it, a cross-reference section and a trailer pointing back (/Prev) follow them. So
 * the signed document stays byte for byte the first `base.length` bytes of the file, and the
 * certificate appended after it can state that prefix's SHA-256 (decision 200). Both files come from
 * jsPDF, whose resource dictionary names the same standard fonts (/F1…/F14) in every document, so
 * the page's drawing refers to fonts the base already holds.
 */
export function appendPage(base: Uint8Array, pageDoc: Uint8Array): Uint8Array {
  const baseText = latin1(base);
  const pageText = latin1(pageDoc);
  const trailer = lastTrailer(baseText);
  const root = refIn(trailer.dict, 'Root');
  const pagesRef = refIn(objectBody(baseText, root), 'Pages');
  const pages = objectBody(baseText, pagesRef);
  const kids = /\/Kids\s*\[([^\]]*)\]/.exec(pages)?.[1]?.trim();
  const count = Number(/\/Count\s+(\d+)/.exec(pages)?.[1]);
  if (kids === undefined || !Number.isInteger(count)) throw new Error('appendPage: the base has no page tree');
  const firstKid = /(\d+)\s+0\s+R/.exec(kids)?.[1];
  const resources = refIn(objectBody(baseText, Number(firstKid)), 'Resources');
  const size = Number(/\/Size\s+(\d+)/.exec(trailer.dict)?.[1]);

  // The new page's drawing: the page document's content stream object, copied byte for byte.
  const pageTrailer = lastTrailer(pageText);
  const pageRoot = refIn(objectBody(pageText, refIn(pageTrailer.dict, 'Root')), 'Pages');
  const pageKid = Number(/\/Kids\s*\[\s*(\d+)\s+0\s+R/.exec(objectBody(pageText, pageRoot))?.[1]);
  const pageObject = objectBody(pageText, pageKid);
  const mediaBox = /\/MediaBox\s*\[[^\]]*\]/.exec(pageObject)?.[0];
  const contents = refIn(pageObject, 'Contents');
  const contentRange = objectRange(pageText, contents);

  const contentNo = size;
  const pageNo = size + 1;
  const parts: Buffer[] = [];
  const offsets = new Map<number, number>();
  let at = base.length;
  const push = (chunk: Buffer) => {
    parts.push(chunk);
    at += chunk.length;
  };
  push(Buffer.from('\n', 'latin1'));
  offsets.set(contentNo, at);
  push(Buffer.from(`${contentNo} 0 obj`, 'latin1'));
  push(Buffer.from(pageDoc.subarray(contentRange.start, contentRange.end)));
  push(Buffer.from('endobj\n', 'latin1'));
  offsets.set(pageNo, at);
  push(
    Buffer.from(
      `${pageNo} 0 obj\n<</Type /Page\n/Parent ${pagesRef} 0 R\n/Resources ${resources} 0 R\n${mediaBox}\n/Contents ${contentNo} 0 R\n>>\nendobj\n`,
      'latin1',
    ),
  );
  offsets.set(pagesRef, at);
  push(Buffer.from(`${pagesRef} 0 obj\n<</Type /Pages\n/Kids [${kids} ${pageNo} 0 R ]\n/Count ${count + 1}\n>>\nendobj\n`, 'latin1'));

  const xrefAt = at;
  const entry = (offset: number) => `${String(offset).padStart(10, '0')} 00000 n \n`;
  const sorted = [...offsets.entries()].sort(([a], [b]) => a - b);
  let xref = 'xref\n0 1\n0000000000 65535 f \n';
  for (const [no, offset] of sorted) xref += `${no} 1\n${entry(offset)}`;
  const keep = [/\/Root\s+\d+\s+0\s+R/, /\/Info\s+\d+\s+0\s+R/].map((key) => key.exec(trailer.dict)?.[0] ?? '');
  const id = /\/ID\s*\[[^\]]*\]/.exec(trailer.dict)?.[0] ?? '';
  push(
    Buffer.from(
      `${xref}trailer\n<<\n/Size ${pageNo + 1}\n${keep.join('\n')}\n${id}\n/Prev ${trailer.startxref}\n>>\nstartxref\n${xrefAt}\n%%EOF`,
      'latin1',
    ),
  );
  return Buffer.concat([Buffer.from(base), ...parts]);
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

function lastTrailer(text: string): { dict: string; startxref: number } {
  const start = text.lastIndexOf('trailer');
  const match = /trailer\s*<<([\s\S]*?)>>\s*startxref\s+(\d+)\s+%%EOF\s*$/.exec(text.slice(start));
  if (start < 0 || !match) throw new Error('appendPage: no trailer at the end of the file');
  return { dict: match[1]!, startxref: Number(match[2]) };
}

function refIn(dict: string, key: string): number {
  const match = new RegExp(`/${key}\\s+(\\d+)\\s+0\\s+R`).exec(dict);
  if (!match) throw new Error(`appendPage: no /${key} reference`);
  return Number(match[1]);
}

/** Where object `no`'s body is: from after "no 0 obj" to "endobj" (exclusive), as byte offsets. */
function objectRange(text: string, no: number): { start: number; end: number } {
  const head = new RegExp(`(^|\\n)${no} 0 obj`).exec(text);
  if (!head) throw new Error(`appendPage: object ${no} is missing`);
  const start = head.index + head[0].length;
  // A stream's data may hold any bytes: skip /Length of them before looking for endobj.
  const stream = /^\s*<<([\s\S]*?)>>\s*stream\r?\n/.exec(text.slice(start, start + 4096));
  const length = stream ? /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(stream[1]!)?.[1] : undefined;
  const from = stream && length !== undefined ? start + stream[0].length + Number(length) : start;
  const end = text.indexOf('endobj', from);
  if (end < 0) throw new Error(`appendPage: object ${no} has no end`);
  return { start, end };
}

function objectBody(text: string, no: number): string {
  const { start, end } = objectRange(text, no);
  return text.slice(start, end);
}
