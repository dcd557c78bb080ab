/**
 * Work a request starts and does not wait for (the "Forgot password?" e-mail is queued after the
 * answer, so a known address answers as fast as an unknown one). The runtime waits for it before it
 * closes the database, and tests wait for it before they count what was queued.
 */
export function backgroundTasks() {
  const running = new Set<Promise<unknown>>();
  return {
    /** The task must handle its own failure (log it with its context): its result is dropped. */
    add(task: Promise<unknown>) {
      running.add(task);
      void task.finally(() => running.delete(task));
    },
    async settled() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
export type BackgroundTasks = ReturnType<typeof backgroundTasks>;
