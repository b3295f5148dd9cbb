/**
 * The prerender runs in the build's own Node process, which must end when the build does: the session's channel
 * to other tabs (lib/session/session-store.ts) is not to hold it open. Imported by src/prerender.tsx before the app.
 */
const NodeBroadcastChannel = globalThis.BroadcastChannel;
globalThis.BroadcastChannel = class extends NodeBroadcastChannel {
  constructor(name: string) {
    super(name);
    (this as unknown as { unref(): void }).unref();
  }
};
