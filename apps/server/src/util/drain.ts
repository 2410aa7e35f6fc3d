/** Handles batches from `next` until it returns none; returns how many rows were handled. */
export async function drain<T>(next: () => Promise<T[]>, handle: (row: T) => Promise<void>): Promise<number> {
  let handled = 0;
  for (;;) {
    const rows = await next();
    if (rows.length === 0) return handled;
    for (const row of rows) {
      await handle(row);
      handled++;
    }
  }
}
