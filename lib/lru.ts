/**
 * A map that forgets its least recently used entries (R25, R46): no request pattern may grow
 * the memory of a long-lived process. Bounded by entry count and, with `sizeOf`, by an
 * estimate of the bytes its values hold. A Map keeps insertion order, so re-inserting on use
 * makes its first key the least recently used.
 */
export interface LruOptions<K, V> {
  maxEntries: number;
  /** With `sizeOf`: the most the values may add up to; a value larger than this is not kept. */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  /** Called for every entry that leaves because of a bound, a `delete` or a `clear`. */
  onEvict?: (key: K, value: V) => void;
}

/** What `#newest` holds before any key is used. */
const NO_KEY = Symbol("no key");

export class LruMap<K, V> {
  readonly #entries = new Map<K, { value: V; bytes: number }>();
  /**
   * The key last set or read: the last in `#entries` whenever it is still there. Reading it
   * again moves nothing (a cache answering the same page again and again, the usual case).
   */
  #newest: K | typeof NO_KEY = NO_KEY;
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #sizeOf: (value: V) => number;
  readonly #onEvict?: (key: K, value: V) => void;
  #bytes = 0;

  constructor(options: LruOptions<K, V>) {
    if (!Number.isInteger(options.maxEntries) || options.maxEntries < 1) {
      throw new RangeError("maxEntries must be a whole number of at least 1");
    }
    this.#maxEntries = options.maxEntries;
    this.#maxBytes = options.maxBytes ?? Infinity;
    this.#sizeOf = options.sizeOf ?? (() => 0);
    this.#onEvict = options.onEvict;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The estimated bytes of every value kept (0 without `sizeOf`). */
  get bytes(): number {
    return this.#bytes;
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** The value, marked as just used. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (key !== this.#newest) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      this.#newest = key;
    }
    return entry.value;
  }

  /** The value without marking it used. */
  peek(key: K): V | undefined {
    return this.#entries.get(key)?.value;
  }

  /**
   * Keeps `value` as the most recently used, then drops the least recently used entries until
   * both bounds hold. Returns false when the value alone is over `maxBytes` (it is not kept).
   * Setting a key again re-measures its value, so a value that grew can be set again to count.
   */
  set(key: K, value: V): boolean {
    const bytes = this.#sizeOf(value);
    const previous = this.#entries.get(key);
    if (previous) {
      this.#entries.delete(key);
      this.#bytes -= previous.bytes;
    }
    if (bytes > this.#maxBytes) {
      if (previous) this.#onEvict?.(key, previous.value);
      return false;
    }
    this.#entries.set(key, { value, bytes });
    this.#newest = key;
    this.#bytes += bytes;
    while (this.#entries.size > this.#maxEntries || this.#bytes > this.#maxBytes) {
      const [oldest] = this.#entries.keys();
      this.delete(oldest);
    }
    return true;
  }

  delete(key: K): boolean {
    const entry = this.#entries.get(key);
    if (!entry) return false;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    this.#onEvict?.(key, entry.value);
    return true;
  }

  clear(): void {
    for (const key of [...this.#entries.keys()]) this.delete(key);
  }

  keys(): IterableIterator<K> {
    return this.#entries.keys();
  }

  values(): V[] {
    return [...this.#entries.values()].map((entry) => entry.value);
  }
}
