/**
 * A server-rendered page's first data that did not travel inside it (`deferredQueries` of the boot data: a learner's
 * question set), fetched beside the scripts: the page's remote waits for it before it hydrates, so it starts from
 * the same data as the markup on screen. Never rejects.
 */
let deferredData: Promise<void> = Promise.resolve();

export function awaitDeferredData(ready: Promise<unknown>): void {
  deferredData = ready.then(
    () => undefined,
    () => undefined,
  );
}

/** Settles once the deferred first data is in the query cache (or could not be had: the remote then asks itself). */
export const deferredDataReady = (): Promise<void> => deferredData;
