/** One need customers of many businesses have, named by the question a business would write for it, and how customers type it. */
export interface IntentSample {
  intent: string;
  examples: readonly string[];
}
