/**
 * A streaming CSV reader (RFC 4180: commas, double-quoted cells with "" escapes and line breaks,
 * LF or CRLF). Lines without a quote, which is every line of Oracle's Elixir's files, take the
 * fast path of a plain split; quoted records are read character by character.
 */

/** Reads one quoted-aware record from `text` at `start`; null when the record is not complete yet. */
function quotedRecord(text: string, start: number, final: boolean): { cells: string[]; next: number } | null {
  const cells: string[] = [];
  let cell = "";
  let index = start;
  while (index <= text.length) {
    if (index === text.length) {
      if (!final) return null;
      cells.push(cell);
      return { cells, next: index };
    }
    const char = text[index]!;
    if (char === '"' && cell === "" && (index === start || text[index - 1] === ",")) {
      // Quoted cell: up to the closing quote.
      index += 1;
      for (;;) {
        const quote = text.indexOf('"', index);
        if (quote < 0) {
          if (!final) return null;
          cell += text.slice(index);
          index = text.length;
          break;
        }
        cell += text.slice(index, quote);
        if (text[quote + 1] === '"') {
          cell += '"';
          index = quote + 2;
          continue;
        }
        if (quote + 1 === text.length && !final) return null;
        index = quote + 1;
        break;
      }
      continue;
    }
    if (char === ",") {
      cells.push(cell);
      cell = "";
      index += 1;
      continue;
    }
    if (char === "\n" || char === "\r") {
      cells.push(cell);
      let next = index + 1;
      if (char === "\r") {
        if (next === text.length && !final) return null;
        if (text[next] === "\n") next += 1;
      }
      return { cells, next };
    }
    cell += char;
    index += 1;
  }
  return null;
}

export interface CsvBatch {
  records: string[][];
  /** Each record's number of cells (its cells may stop earlier, see `keep`). */
  widths: number[];
}

/** Splits the first `keep` cells of an unquoted line and counts the rest. */
function splitLine(line: string, keep: number): { cells: string[]; width: number } {
  if (keep === Number.POSITIVE_INFINITY) {
    const cells = line.split(",");
    return { cells, width: cells.length };
  }
  let index = -1;
  for (let n = 0; n < keep; n += 1) {
    index = line.indexOf(",", index + 1);
    if (index < 0) {
      const cells = line.split(",");
      return { cells, width: cells.length };
    }
  }
  const cells = line.slice(0, index).split(",");
  let width = cells.length + 1;
  for (let at = line.indexOf(",", index + 1); at >= 0; at = line.indexOf(",", at + 1)) width += 1;
  return { cells, width };
}

/**
 * Yields the records of a CSV stream in batches (one batch per chunk read). A leading byte order
 * mark is dropped. Empty lines come through as `[""]`, like a one-cell record. With `keep`, the
 * first record (the header) is whole and later unquoted records hold only their first `keep`
 * cells, which saves splitting columns nobody reads; `widths` still counts every cell.
 */
export async function* csvRecords(
  input: AsyncIterable<Buffer | string>,
  keep: (header: string[]) => number = () => Number.POSITIVE_INFINITY,
): AsyncGenerator<CsvBatch> {
  const decoder = new TextDecoder("utf-8");
  let buffer = "";
  let first = true;
  let limit: number | null = null;
  const take = (final: boolean): CsvBatch => {
    const records: string[][] = [];
    const widths: number[] = [];
    const add = (cells: string[], width: number) => {
      records.push(cells);
      widths.push(width);
    };
    const addLine = (raw: string) => {
      const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
      if (limit === null) {
        const cells = line.split(",");
        add(cells, cells.length);
        limit = keep(cells);
      } else {
        const { cells, width } = splitLine(line, limit);
        add(cells, width);
      }
    };
    let start = 0;
    if (buffer.indexOf('"') < 0) {
      // Fast path: no quote in the buffer, so every line is a record.
      const lines = buffer.split("\n");
      const last = final ? lines.length : lines.length - 1;
      for (let index = 0; index < last; index += 1) addLine(lines[index]!);
      if (final && lines.length > 0 && lines[lines.length - 1] === "") {
        records.pop();
        widths.pop();
      }
      buffer = final ? "" : (lines[lines.length - 1] ?? "");
      return { records, widths };
    }
    // The next quote, searched again only once passed (-1: none left).
    let quote = buffer.indexOf('"');
    while (start < buffer.length) {
      const newline = buffer.indexOf("\n", start);
      const end = newline < 0 ? buffer.length : newline;
      if (newline < 0 && !final) break;
      if (quote >= 0 && quote < start) quote = buffer.indexOf('"', start);
      if (quote >= 0 && quote < end) {
        const record = quotedRecord(buffer, start, final);
        if (record === null) break;
        add(record.cells, record.cells.length);
        if (limit === null) limit = keep(record.cells);
        start = record.next;
        continue;
      }
      addLine(buffer.slice(start, end));
      start = end + 1;
    }
    buffer = start >= buffer.length ? "" : buffer.slice(start);
    return { records, widths };
  };
  for await (const chunk of input) {
    buffer += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    if (first && buffer.length > 0) {
      if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
      first = false;
    }
    const batch = take(false);
    if (batch.records.length > 0) yield batch;
  }
  buffer += decoder.decode();
  if (first && buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
  const rest = take(true);
  if (rest.records.length > 0) yield rest;
}
