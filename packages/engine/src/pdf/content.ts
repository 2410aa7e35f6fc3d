/**
 * A minimal content-stream scanner: finds the XObjects a content stream paints (`/Name Do`)
 * and its inline images (`BI ... ID <data> EI`), in drawing order. Everything else (text,
 * paths, strings, comments) is skipped without being interpreted.
 */

/** An inline image dictionary value, as written in the content stream (abbreviations kept). */
export type InlineValue = number | boolean | null | InlineName | Uint8Array | InlineValue[] | Map<string, InlineValue>;

export class InlineName {
  constructor(readonly name: string) {}
}

export interface ContentVisitor {
  /** `/name Do`: paints the XObject `name` of the current resources. */
  onXObject?(name: string): void;
  /** An inline image: its dictionary (keys without the slash) and its raw (still encoded) data. */
  onInlineImage?(dict: Map<string, InlineValue>, data: Uint8Array): void;
}

const enum Ch {
  Tab = 9, LF = 10, FF = 12, CR = 13, Space = 32, Null = 0,
  Percent = 37, LParen = 40, RParen = 41, Slash = 47, Lt = 60, Gt = 62,
  LBracket = 91, Backslash = 92, RBracket = 93, LBrace = 123, RBrace = 125, Hash = 35,
  E = 69, I = 73,
}

function isSpace(c: number): boolean {
  return c === Ch.Space || c === Ch.LF || c === Ch.CR || c === Ch.Tab || c === Ch.FF || c === Ch.Null;
}

function isDelimiter(c: number): boolean {
  return c === Ch.LParen || c === Ch.RParen || c === Ch.Lt || c === Ch.Gt || c === Ch.LBracket || c === Ch.RBracket
    || c === Ch.LBrace || c === Ch.RBrace || c === Ch.Slash || c === Ch.Percent;
}

type Token =
  | { kind: 'number'; value: number }
  | { kind: 'name'; value: string }
  | { kind: 'string'; value: Uint8Array }
  | { kind: 'word'; value: string }
  | { kind: '[' | ']' | '<<' | '>>' | '{' | '}' };

const MAX_NESTING = 32;

export class Lexer {
  pos = 0;
  constructor(readonly buf: Uint8Array) {}

  /** The next token, or null at the end. `decodeStrings` false skips string contents cheaply. */
  next(decodeStrings = false): Token | null {
    const { buf } = this;
    const n = buf.length;
    for (;;) {
      while (this.pos < n && isSpace(buf[this.pos]!)) this.pos++;
      if (this.pos >= n) return null;
      const c = buf[this.pos]!;
      if (c === Ch.Percent) {
        while (this.pos < n && buf[this.pos] !== Ch.LF && buf[this.pos] !== Ch.CR) this.pos++;
        continue;
      }
      if (c === Ch.RParen) {
        // A stray closing parenthesis: skipped.
        this.pos++;
        continue;
      }
      switch (c) {
        case Ch.LParen:
          return { kind: 'string', value: this.literalString(decodeStrings) };
        case Ch.Lt:
          if (buf[this.pos + 1] === Ch.Lt) {
            this.pos += 2;
            return { kind: '<<' };
          }
          return { kind: 'string', value: this.hexString() };
        case Ch.Gt:
          this.pos += buf[this.pos + 1] === Ch.Gt ? 2 : 1;
          return { kind: '>>' };
        case Ch.LBracket:
        case Ch.RBracket:
        case Ch.LBrace:
        case Ch.RBrace:
          this.pos++;
          return { kind: String.fromCharCode(c) as '[' | ']' | '{' | '}' };
        case Ch.Slash:
          this.pos++;
          return { kind: 'name', value: this.name() };
      }
      const start = this.pos;
      while (this.pos < n && !isSpace(buf[this.pos]!) && !isDelimiter(buf[this.pos]!)) this.pos++;
      const word = latin1(buf, start, this.pos);
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return { kind: 'number', value: Number(word) };
      return { kind: 'word', value: word };
    }
  }

  private name(): string {
    const { buf } = this;
    const bytes: number[] = [];
    while (this.pos < buf.length && !isSpace(buf[this.pos]!) && !isDelimiter(buf[this.pos]!)) {
      const c = buf[this.pos]!;
      if (c === Ch.Hash && this.pos + 2 < buf.length) {
        const hex = parseInt(latin1(buf, this.pos + 1, this.pos + 3), 16);
        if (!Number.isNaN(hex)) {
          bytes.push(hex);
          this.pos += 3;
          continue;
        }
      }
      bytes.push(c);
      this.pos++;
    }
    return Buffer.from(bytes).toString('latin1');
  }

  private literalString(decode: boolean): Uint8Array {
    const { buf } = this;
    const out: number[] = [];
    let depth = 0;
    this.pos++;
    while (this.pos < buf.length) {
      const c = buf[this.pos++]!;
      if (c === Ch.Backslash) {
        if (decode && this.pos < buf.length) out.push(...this.escape());
        else this.pos++;
        continue;
      }
      if (c === Ch.LParen) depth++;
      else if (c === Ch.RParen && depth-- === 0) break;
      if (decode) out.push(c);
    }
    return Uint8Array.from(out);
  }

  private escape(): number[] {
    const { buf } = this;
    const c = buf[this.pos++]!;
    const simple: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };
    if (simple[c] !== undefined) return [simple[c]];
    if (c >= 48 && c <= 55) {
      let value = c - 48;
      for (let k = 0; k < 2 && buf[this.pos]! >= 48 && buf[this.pos]! <= 55; k++) value = value * 8 + buf[this.pos++]! - 48;
      return [value & 0xff];
    }
    if (c === Ch.CR) {
      if (buf[this.pos] === Ch.LF) this.pos++;
      return [];
    }
    if (c === Ch.LF) return [];
    return [c];
  }

  private hexString(): Uint8Array {
    const { buf } = this;
    this.pos++;
    let digits = '';
    while (this.pos < buf.length && buf[this.pos] !== Ch.Gt) {
      const c = buf[this.pos++]!;
      if (!isSpace(c)) digits += String.fromCharCode(c);
    }
    this.pos++;
    if (digits.length % 2) digits += '0';
    return Uint8Array.from(Buffer.from(digits, 'hex'));
  }
}

function latin1(buf: Uint8Array, start: number, end: number): string {
  return Buffer.from(buf.buffer, buf.byteOffset + start, end - start).toString('latin1');
}

/**
 * Walks a content stream and reports painted XObjects and inline images to `visitor`. Only
 * names followed by `Do` and `BI` operators matter, so everything else is skipped byte by byte
 * without building tokens (content streams of text-heavy pages are long).
 */
export function scanContent(content: Uint8Array, visitor: ContentVisitor): void {
  const lexer = new Lexer(content);
  const n = content.length;
  // Where the last operand starts (its slash) when it is a name, else -1.
  let lastName = -1;
  let pos = 0;
  while (pos < n) {
    const c = content[pos]!;
    if (isSpace(c)) {
      pos++;
      continue;
    }
    if (c === Ch.Slash) {
      lastName = pos++;
      while (pos < n && !isSpace(content[pos]!) && !isDelimiter(content[pos]!)) pos++;
      continue;
    }
    if (c === Ch.Percent) {
      while (pos < n && content[pos] !== Ch.LF && content[pos] !== Ch.CR) pos++;
      continue;
    }
    const nameOperand = lastName;
    lastName = -1;
    if (c === Ch.LParen || c === Ch.Lt) {
      // Strings, hex strings and dictionary brackets: the lexer knows their ends.
      lexer.pos = pos;
      lexer.next();
      pos = Math.max(lexer.pos, pos + 1);
      continue;
    }
    if (isDelimiter(c)) {
      pos++;
      continue;
    }
    const start = pos;
    while (pos < n && !isSpace(content[pos]!) && !isDelimiter(content[pos]!)) pos++;
    if (pos - start !== 2) continue;
    const op = (content[start]! << 8) | content[start + 1]!;
    if (op === OP_DO && nameOperand >= 0) {
      lexer.pos = nameOperand;
      const token = lexer.next();
      if (token?.kind === 'name') visitor.onXObject?.(token.value);
    } else if (op === OP_BI) {
      lexer.pos = pos;
      const image = readInlineImage(lexer);
      if (!image) return;
      visitor.onInlineImage?.(image.dict, image.data);
      pos = lexer.pos;
    }
  }
}

/** `Do` and `BI` as two bytes. */
const OP_DO = (0x44 << 8) | 0x6f;
const OP_BI = (0x42 << 8) | 0x49;

export function readInlineImage(lexer: Lexer): { dict: Map<string, InlineValue>; data: Uint8Array } | null {
  const dict = new Map<string, InlineValue>();
  for (;;) {
    const token = lexer.next(true);
    if (!token) return null;
    if (token.kind === 'word' && token.value === 'ID') break;
    if (token.kind !== 'name') return null;
    const value = readValue(lexer, lexer.next(true), 0);
    if (value === undefined) return null;
    dict.set(token.value, value);
  }
  const { buf } = lexer;
  // One white-space character separates ID from the data.
  if (isSpace(buf[lexer.pos] ?? 0)) lexer.pos++;
  const start = lexer.pos;
  const declared = dict.get('L') ?? dict.get('Length');
  let end = typeof declared === 'number' && declared >= 0 ? start + declared : unfilteredEnd(dict, start);
  if (end === undefined || !endsAt(buf, end)) end = findEnd(buf, start);
  if (end === undefined) return null;
  const data = buf.subarray(start, end);
  // Step over the white space and the EI operator.
  let pos = end;
  while (pos < buf.length && isSpace(buf[pos]!)) pos++;
  lexer.pos = pos + 2;
  return { dict, data };
}

/** Whether white space (or nothing) then `EI` and a token end follow `end`. */
function endsAt(buf: Uint8Array, end: number): boolean {
  let pos = end;
  while (pos < buf.length && isSpace(buf[pos]!)) pos++;
  if (buf[pos] !== Ch.E || buf[pos + 1] !== Ch.I) return false;
  const after = buf[pos + 2];
  return after === undefined || isSpace(after) || isDelimiter(after);
}

/** The first `<white space>EI<white space or end>` after `start`: the end of the data (before the space). */
function findEnd(buf: Uint8Array, start: number): number | undefined {
  for (let pos = start; pos + 2 < buf.length + 1; pos++) {
    if (buf[pos] === Ch.E && buf[pos + 1] === Ch.I && pos > start && isSpace(buf[pos - 1]!)) {
      const after = buf[pos + 2];
      if (after === undefined || isSpace(after) || isDelimiter(after)) return pos - 1;
    }
  }
  return undefined;
}

const COMPONENTS: Record<string, number> = { G: 1, DeviceGray: 1, CalGray: 1, RGB: 3, DeviceRGB: 3, CalRGB: 3, CMYK: 4, DeviceCMYK: 4, I: 1, Indexed: 1 };

/** The data length of an unfiltered inline image, when its dictionary tells it. */
function unfilteredEnd(dict: Map<string, InlineValue>, start: number): number | undefined {
  if (dict.has('F') || dict.has('Filter')) return undefined;
  const width = dict.get('W') ?? dict.get('Width');
  const height = dict.get('H') ?? dict.get('Height');
  if (typeof width !== 'number' || typeof height !== 'number') return undefined;
  const mask = dict.get('IM') ?? dict.get('ImageMask');
  let components: number | undefined;
  let bpc = dict.get('BPC') ?? dict.get('BitsPerComponent');
  if (mask === true) {
    components = 1;
    bpc = 1;
  } else {
    const cs = dict.get('CS') ?? dict.get('ColorSpace');
    const family = cs instanceof InlineName ? cs.name : Array.isArray(cs) && cs[0] instanceof InlineName ? cs[0].name : undefined;
    components = family === undefined ? undefined : COMPONENTS[family];
  }
  if (components === undefined || typeof bpc !== 'number') return undefined;
  return start + Math.ceil((width * components * bpc) / 8) * height;
}

function readValue(lexer: Lexer, token: Token | null, depth: number): InlineValue | undefined {
  if (!token || depth > MAX_NESTING) return undefined;
  switch (token.kind) {
    case 'number':
      return token.value;
    case 'name':
      return new InlineName(token.value);
    case 'string':
      return token.value;
    case 'word':
      if (token.value === 'true') return true;
      if (token.value === 'false') return false;
      if (token.value === 'null') return null;
      return undefined;
    case '[': {
      const items: InlineValue[] = [];
      for (let next = lexer.next(true); next && next.kind !== ']'; next = lexer.next(true)) {
        const value = readValue(lexer, next, depth + 1);
        if (value === undefined) return undefined;
        items.push(value);
      }
      return items;
    }
    case '<<': {
      const map = new Map<string, InlineValue>();
      for (let key = lexer.next(true); key && key.kind !== '>>'; key = lexer.next(true)) {
        if (key.kind !== 'name') return undefined;
        const value = readValue(lexer, lexer.next(true), depth + 1);
        if (value === undefined) return undefined;
        map.set(key.value, value);
      }
      return map;
    }
    default:
      return undefined;
  }
}
