/**
 * The search indexes of the documents asked about lately, kept loaded: loading one means
 * reading and parsing its stored JSON. Least recently used first out; a load in progress is
 * shared by the questions that wait for it.
 */
export class IndexCache<T> {
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly capacity: number) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(key);
    if (cached) {
      // Map order is insertion order: moving the entry to the end marks it recently used.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const loading = load();
    this.entries.set(key, loading);
    loading.catch(() => {
      if (this.entries.get(key) === loading) this.entries.delete(key);
    });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return loading;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
