/**
 * Handing a started run to the platform's durable execution: a Workflow instance named by the caller. A
 * second start of the same run finds its instance already there and leaves it going. Where the binding
 * is absent (tests without it, a bare local run) or the start fails, `fallback` moves the first part of
 * the run on within the request's `waitUntil`, and the module's cron advance moves the rest.
 */
export async function startDurableRun<P>(
  binding: Workflow<P> | undefined,
  instanceId: string,
  params: P,
  name: string,
  fallback: () => Promise<unknown>,
  waitUntil: (work: Promise<unknown>) => void,
): Promise<void> {
  if (binding) {
    try {
      await binding.create({ id: instanceId, params });
      return;
    } catch (error) {
      if (/already exists|duplicate/i.test(String((error as Error)?.message ?? error))) return;
      console.error(`${name} workflow not started; the cron trigger will advance the run`, error);
    }
  }
  waitUntil(fallback().catch((e) => console.error(`${name} advance failed`, e)));
}
