/**
 * Values a JSON Schema (draft 2020-12, as the OpenAPI document writes it) allows, made at random
 * from a seeded generator so that a failing value can be made again (QUALITY A31). It reads only
 * the document: types, `const`, `enum`, `anyOf`/`oneOf`, `$ref`, formats, patterns, `examples`,
 * lengths, bounds, `required`, `additionalProperties`, `uniqueItems`. Lengths count UTF-16 code
 * units, as the document says they do. Text never holds U+0000 or half a surrogate pair, which the
 * document says no text may hold.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TJson = Record<string, any>;

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Characters text is made of: printable ASCII, whitespace, accents, CJK, right-to-left, zero-width, emoji. */
const POOL = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
  '\t',
  '\n',
  'é',
  'ß',
  'Ω',
  'ж',
  '日',
  '本',
  'م',
  'ر',
  '\u200b',
  '\u202e',
  '\u00a0',
  '😀',
  '🎉',
];

/** A string made to match a regular expression (the subset JSON Schema patterns use here). */
class PatternMaker {
  private i = 0;
  constructor(
    private readonly source: string,
    private readonly random: () => number,
  ) {}

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  make(): string {
    this.i = 0;
    return this.alternation();
  }

  private alternation(): string {
    // Find the top-level alternatives first, then make one of them.
    this.i = this.pick([this.i, ...this.scanGroup(this.i).alternatives]);
    const out = this.sequence();
    // Skip what is left of this alternation, up to its closing parenthesis.
    this.i = this.scanGroup(this.i).end;
    return out;
  }

  /**
   * From `from` to the parenthesis that closes the group it is in (or the end of the pattern):
   * where that is, and where each of the group's top-level alternatives after a `|` starts.
   */
  private scanGroup(from: number): { alternatives: number[]; end: number } {
    const alternatives: number[] = [];
    let depth = 0;
    let inClass = false;
    let j = from;
    for (; j < this.source.length; j++) {
      const c = this.source[j]!;
      if (c === '\\') {
        j++;
        continue;
      }
      if (inClass) {
        if (c === ']') inClass = false;
        continue;
      }
      if (c === '[') inClass = true;
      else if (c === '(') depth++;
      else if (c === ')') {
        if (depth === 0) break;
        depth--;
      } else if (c === '|' && depth === 0) alternatives.push(j + 1);
    }
    return { alternatives, end: j };
  }

  private sequence(): string {
    let out = '';
    while (this.i < this.source.length && this.source[this.i] !== '|' && this.source[this.i] !== ')') {
      const atom = this.atom();
      const [min, max] = this.quantifier();
      if (atom === null) continue; // an anchor or a lookahead: nothing to write
      for (let k = min + Math.floor(this.random() * (max - min + 1)); k > 0; k--) out += atom();
    }
    return out;
  }

  /** An atom as a function that makes one instance of it (called once per repetition). */
  private atom(): (() => string) | null {
    const c = this.source[this.i]!;
    if (c === '^' || c === '$') {
      this.i++;
      return null;
    }
    if (c === '(') {
      this.i++;
      let lookahead = false;
      if (this.source.startsWith('?:', this.i)) this.i += 2;
      else if (this.source.startsWith('?!', this.i) || this.source.startsWith('?=', this.i)) {
        this.i += 2;
        lookahead = true;
      }
      const start = this.i;
      this.alternation();
      const end = this.i;
      this.i++; // ')'
      if (lookahead) return null;
      const inner = this.source.slice(start, end);
      return () => new PatternMaker(inner, this.random).make();
    }
    if (c === '[') {
      const start = this.i;
      this.i++;
      while (this.source[this.i] !== ']') this.i += this.source[this.i] === '\\' ? 2 : 1;
      this.i++;
      return this.charFrom(this.source.slice(start, this.i));
    }
    if (c === '\\') {
      const e = this.source[this.i + 1]!;
      if (e === 'x') {
        const text = this.source.slice(this.i, this.i + 4);
        this.i += 4;
        return this.charFrom(text);
      }
      if (e === 'u') {
        const text = this.source.slice(this.i, this.i + 6);
        this.i += 6;
        return this.charFrom(text);
      }
      this.i += 2;
      return /[dDwWsS]/.test(e) ? this.charFrom(`\\${e}`) : () => e;
    }
    if (c === '.') {
      this.i++;
      return this.charFrom('.');
    }
    this.i++;
    return () => c;
  }

  private charFrom(text: string): () => string {
    const re = new RegExp(`^${text}$`, 'u');
    const fits = POOL.filter((ch) => re.test(ch));
    if (fits.length === 0) throw new Error(`No character of the pool fits ${text}`);
    return () => this.pick(fits);
  }

  private quantifier(): [number, number] {
    const c = this.source[this.i];
    let range: [number, number] = [1, 1];
    if (c === '*') range = [0, 4];
    else if (c === '+') range = [1, 5];
    else if (c === '?') range = [0, 1];
    else if (c === '{') {
      const close = this.source.indexOf('}', this.i);
      const [lo, hi] = this.source.slice(this.i + 1, close).split(',');
      const min = Number(lo);
      range = [min, hi === undefined ? min : hi === '' ? min + 4 : Number(hi)];
      this.i = close;
    } else return range;
    this.i++;
    if (this.source[this.i] === '?') this.i++;
    return range;
  }
}

/** A string that matches `pattern`, or an error naming the pattern when none was found in 200 tries. */
export function stringMatching(pattern: string, random: () => number, accept: (s: string) => boolean = () => true) {
  const re = new RegExp(pattern, 'u');
  for (let attempt = 0; attempt < 200; attempt++) {
    const s = new PatternMaker(pattern, random).make();
    if (re.test(s) && accept(s)) return s;
  }
  throw new Error(`Could not make a string for the pattern ${pattern}: give the schema an example.`);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export type TSampler = {
  /** A value the schema allows. */
  value(schema: TJson): unknown;
};

/**
 * A sampler over a document whose `$ref`s point into it (`#/components/schemas/…`). `budget`
 * bounds the values made for one top-level value: past it, arrays take their fewest items,
 * optional properties are left out, and unions take their smallest branch.
 */
export function jsonSchemaSampler(doc: TJson, random: () => number, budget = 300): TSampler {
  const chance = (p: number) => random() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  let left = budget;

  function resolve(schema: TJson): TJson {
    if (typeof schema.$ref !== 'string') return schema;
    const target = (schema.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<TJson>((node, key) => node[key], doc);
    const { $ref: _ref, ...rest } = schema;
    return resolve({ ...target, ...rest });
  }

  /** How much a branch asks for at least: its required properties and required items. */
  function weight(schema: TJson, depth = 0): number {
    const s = resolve(schema);
    if (depth > 3) return 1;
    if (s.type === 'object') {
      return (s.required ?? []).reduce((sum: number, key: string) => sum + 1 + weight(s.properties[key], depth + 1), 0);
    }
    if (s.type === 'array') return (s.minItems ?? 0) * (1 + weight(s.items ?? {}, depth + 1));
    const branches = s.anyOf ?? s.oneOf;
    if (branches) return Math.min(...branches.map((b: TJson) => weight(b, depth + 1)));
    return 0;
  }

  function length(s: TJson, atMost = 60): number {
    const min = s.minLength ?? 0;
    const max = s.maxLength ?? Math.max(min, atMost);
    if (chance(0.15) && max <= 5000) return max;
    if (chance(0.15)) return min;
    return int(min, Math.max(min, Math.min(max, min + atMost)));
  }

  function text(s: TJson): string {
    const wanted = length(s);
    let out = '';
    while (out.length < wanted) {
      const ch = pick(POOL);
      if (out.length + ch.length <= wanted) out += ch;
      else out += 'a';
    }
    return out;
  }

  const fitsLength = (s: TJson) => (v: string) =>
    v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);

  function formatted(s: TJson): string | null {
    switch (s.format) {
      case 'uuid': {
        const hex = () => int(0, 15).toString(16);
        const part = (n: number) => Array.from({ length: n }, hex).join('');
        return `${part(8)}-${part(4)}-4${part(3)}-${pick(['8', '9', 'a', 'b'])}${part(3)}-${part(12)}`;
      }
      case 'date': {
        const year = int(1900, 2099);
        const month = int(1, 12);
        const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
        return `${pad(year, 4)}-${pad(month)}-${pad(int(1, days))}`;
      }
      case 'date-time': {
        const at = new Date(Date.UTC(int(1970, 2099), int(0, 11), int(1, 28), int(0, 23), int(0, 59), int(0, 59)));
        const iso = at.toISOString();
        if (chance(0.5)) return iso;
        const hours = int(-11, 12);
        const local = new Date(at.getTime() + hours * 3_600_000).toISOString().slice(0, 23);
        return `${local}${hours < 0 ? '-' : '+'}${pad(Math.abs(hours))}:00`;
      }
      case 'email': {
        const word = () => stringMatching('^[a-z0-9][a-z0-9_+-]{0,11}$', random);
        const local = chance(0.3) ? `${word()}.${word()}` : word();
        return `${local}@${stringMatching('^[a-z][a-z0-9-]{0,10}[a-z0-9]$', random)}.${pick(['com', 'example', 'co.uk', 'io'])}`;
      }
      default:
        return null;
    }
  }

  function string(s: TJson): string {
    const ok = fitsLength(s);
    // Several patterns come as `allOf: [{ pattern }, …]`: a value matches each of them.
    const patterns: string[] = [s.pattern, ...((s.allOf ?? []) as TJson[]).map((a) => a.pattern)].filter(
      (x): x is string => typeof x === 'string',
    );
    const matches = (v: string) => ok(v) && patterns.every((x) => new RegExp(x, 'u').test(v));
    const examples: unknown[] = s.examples ?? [];
    if (examples.length > 0 && (patterns.length > 0 || s.format || chance(0.5))) {
      const example = pick(examples);
      if (typeof example !== 'string' || !matches(example)) {
        throw new Error(`An example does not match its schema: ${JSON.stringify(example)} for ${JSON.stringify(s)}`);
      }
      return example;
    }
    if (s.format) {
      for (let attempt = 0; attempt < 50; attempt++) {
        const v = formatted(s);
        if (v === null) break;
        if (matches(v)) return v;
      }
      if (formatted(s) !== null) throw new Error(`Could not make a ${s.format} that fits ${JSON.stringify(s)}.`);
      throw new Error(`The format ${s.format} needs examples: ${JSON.stringify(s)}.`);
    }
    if (patterns.length > 0) {
      const longest = [...patterns].sort((a, b) => b.length - a.length)[0]!;
      return stringMatching(longest, random, matches);
    }
    return text(s);
  }

  function integer(s: TJson): number {
    const min =
      s.exclusiveMinimum !== undefined ? Math.floor(s.exclusiveMinimum) + 1 : (s.minimum ?? Number.MIN_SAFE_INTEGER);
    const max =
      s.exclusiveMaximum !== undefined ? Math.ceil(s.exclusiveMaximum) - 1 : (s.maximum ?? Number.MAX_SAFE_INTEGER);
    const small = [0, 1, 2, 10, 100, 1000].filter((n) => n >= min && n <= max);
    const roll = random();
    if (roll < 0.15) return min;
    if (roll < 0.3) return max;
    if (roll < 0.6 && small.length > 0) return pick(small);
    if (roll < 0.8) return int(Math.max(min, -1000), Math.max(Math.max(min, -1000), Math.min(max, 100_000)));
    return Math.floor(min + random() * (max - min + 1));
  }

  /** Whether `value` has the `const` properties `schema` asks for (the shape `contains` and `prefixItems` use here). */
  function fitsConsts(schema: TJson, value: unknown): boolean {
    const props = (resolve(schema).properties ?? {}) as Record<string, TJson>;
    return Object.entries(props).every(
      ([key, p]) =>
        !('const' in p) ||
        (value !== null && typeof value === 'object' && (value as Record<string, unknown>)[key] === p.const),
    );
  }

  /** A union's branches that can fit `constraint`'s `const` properties (the first item of a list item, say). */
  function narrowed(items: TJson, constraint: TJson): TJson {
    const s = resolve(items);
    const branches: TJson[] | undefined = s.anyOf ?? s.oneOf;
    if (!branches) return s;
    const wanted = (resolve(constraint).properties ?? {}) as Record<string, TJson>;
    const fits = branches.filter((b) =>
      Object.entries(wanted).every(([key, p]) => {
        const own = (resolve(b).properties ?? {})[key] as TJson | undefined;
        return !('const' in p) || (own !== undefined && 'const' in own && own.const === p.const);
      }),
    );
    if (fits.length === 0) throw new Error(`No branch of ${JSON.stringify(s)} fits ${JSON.stringify(constraint)}`);
    const { anyOf: _a, oneOf: _o, ...rest } = s;
    return { ...rest, anyOf: fits };
  }

  function value(schema: TJson, depth: number): unknown {
    left--;
    const s = resolve(schema);
    const lean = left <= 0 || depth > 12;
    if ('const' in s) return s.const;
    if (Array.isArray(s.enum)) return pick(s.enum);
    const branches: TJson[] | undefined = s.anyOf ?? s.oneOf;
    if (branches) {
      const { anyOf: _a, oneOf: _o, ...shared } = s;
      const light = branches.filter((b) => weight(b) <= 2);
      const branch = lean
        ? [...branches].sort((a, b) => weight(a) - weight(b))[0]!
        : pick(depth > 6 && light.length > 0 ? light : branches);
      return value({ ...shared, ...branch }, depth + 1);
    }
    const type = Array.isArray(s.type) ? pick(s.type) : s.type;
    switch (type) {
      case 'null':
        return null;
      case 'boolean':
        return chance(0.5);
      case 'integer':
        return integer(s);
      case 'number':
        return chance(0.8) ? integer(s) : Math.min(s.maximum ?? 1e6, Math.max(s.minimum ?? -1e6, random() * 1000));
      case 'string':
        return string(s);
      case 'array': {
        const min = s.minItems ?? 0;
        const max = Math.min(s.maxItems ?? min + 3, min + 3);
        const count = lean ? min : int(min, max);
        const items: unknown[] = [];
        const seen = new Set<string>();
        // `allOf: [{ contains, maxContains }]`: at most so many items of that kind.
        const limits = ((s.allOf ?? []) as TJson[]).filter((a) => a.contains && a.maxContains !== undefined);
        const prefix = (s.prefixItems ?? []) as TJson[];
        for (let tries = 0; items.length < count && tries < count * 20 + 20; tries++) {
          const at = items.length;
          const item = value(at < prefix.length ? narrowed(s.items ?? {}, prefix[at]!) : (s.items ?? {}), depth + 1);
          const key = JSON.stringify(item);
          if (s.uniqueItems && seen.has(key)) continue;
          if (limits.some((l) => [...items, item].filter((x) => fitsConsts(l.contains, x)).length > l.maxContains)) {
            continue;
          }
          seen.add(key);
          items.push(item);
        }
        if (items.length < min) throw new Error(`Could not make ${min} distinct items for ${JSON.stringify(s)}`);
        return items;
      }
      case 'object': {
        const out: Record<string, unknown> = {};
        const required = new Set<string>(s.required ?? []);
        for (const [key, property] of Object.entries((s.properties ?? {}) as Record<string, TJson>)) {
          if (required.has(key) || (!lean && chance(0.6))) out[key] = value(property, depth + 1);
        }
        if (s.additionalProperties && typeof s.additionalProperties === 'object' && !lean) {
          for (let k = int(0, 2); k > 0; k--) {
            const name = s.propertyNames ? (value(s.propertyNames, depth + 1) as string) : text({ minLength: 1 });
            out[name] = value(s.additionalProperties, depth + 1);
          }
        }
        return out;
      }
      default:
        // No type: any JSON value.
        return pick([null, true, 7, 'text', [], {}]);
    }
  }

  return {
    value(schema) {
      left = budget;
      return value(schema, 0);
    },
  };
}
