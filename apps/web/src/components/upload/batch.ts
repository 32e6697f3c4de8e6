/** A file the value holds: `url` is the stored form (no API prefix). */
export interface StoredFile {
  uid: string;
  name: string;
  url: string;
}

/** Uploads of one or more picks still on their way and the successes so far. */
export interface Batch {
  pending: number;
  done: StoredFile[];
}

export const emptyBatch: Batch = { pending: 0, done: [] };

export function addPending(batch: Batch): Batch {
  return { ...batch, pending: batch.pending + 1 };
}

/**
 * Records one returned upload (`null` = failed). Once every pending upload has returned, `merged` holds
 * the successes to append to the value and the batch starts over; until then `merged` is null.
 */
export function settle(batch: Batch, result: StoredFile | null): { batch: Batch; merged: StoredFile[] | null } {
  const next: Batch = { pending: batch.pending - 1, done: result ? [...batch.done, result] : batch.done };
  if (next.pending > 0) return { batch: next, merged: null };
  return { batch: emptyBatch, merged: next.done };
}
