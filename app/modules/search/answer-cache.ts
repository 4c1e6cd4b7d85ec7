// A bounded memory of answers: the least recently used goes first when it is full, each answer
// lives at most `ttlMs`, and callers asking for the same key while it is being computed share
// that one computation (a failure is shared, and not remembered).

interface Entry {
  value: unknown;
  expires: number;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(
    readonly capacity: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.entries.size;
  }

  async remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.expires > this.now()) {
      // Most recently used goes to the end of the map's order.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value as T;
    }
    if (entry) this.entries.delete(key);
    const running = this.pending.get(key);
    if (running) return running as Promise<T>;
    const computing = compute().then(
      (value) => {
        this.pending.delete(key);
        this.store(key, value);
        return value;
      },
      (error: unknown) => {
        this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, computing);
    return computing;
  }

  private store(key: string, value: unknown) {
    if (this.capacity <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
