/**
 * Gives the page its turn: input and rendering run before the caller goes on. scheduler.yield()
 * where Chromium has it (the caller keeps its place in the queue), else a message-channel task
 * (setTimeout would be clamped to 4 ms once nested).
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
