// Preloaded (node --import) into the server process that bench/abuse.mjs starts, and only there: over
// the IPC channel it answers {type:'memory'} with the heap in use after a full garbage collection
// (the child runs with --expose-gc), which is what a request left behind. The product has no such hook.
process.on('message', (msg) => {
  if (msg?.type !== 'memory') return;
  globalThis.gc?.();
  const { heapUsed } = process.memoryUsage();
  process.send?.({ type: 'memory', heapUsed });
});
// Listening refs the channel; the server, not the probe, decides when the process ends.
process.channel?.unref();
