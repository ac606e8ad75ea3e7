/**
 * RFC 4180 CSV: fields in double quotes may hold separators, line breaks and doubled quotes;
 * lines end in CRLF or LF. The separator is the first of `,`, `;` and tab found outside
 * quotes on the first line (spreadsheets in many locales write `;`). Past `maxColumns` a
 * row keeps one more field (so the cap shows) and drops the rest: a file of nothing but
 * separators must not become millions of cells.
 */
export function parseCsv(
  text: string,
  maxRows = Number.POSITIVE_INFINITY,
  maxColumns = Number.POSITIVE_INFINITY,
): string[][] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const separator = detectSeparator(source);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  const keep = (value: string) => {
    if (row.length <= maxColumns) row.push(value);
  };
  const endRow = () => {
    keep(field);
    rows.push(row);
    row = [];
    field = '';
  };
  while (index < source.length && rows.length < maxRows) {
    const char = source[index];
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index += 1;
        } else {
          quoted = false;
        }
      } else {
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === separator) {
      keep(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      endRow();
    } else {
      field += char;
    }
    index += 1;
  }
  if (rows.length < maxRows && (field !== '' || row.length > 0)) endRow();
  return rows;
}

function detectSeparator(source: string): string {
  let quoted = false;
  for (const char of source) {
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === ',' || char === ';' || char === '\t') return char;
    else if (char === '\n' || char === '\r') break;
  }
  return ',';
}
