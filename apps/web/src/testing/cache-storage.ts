/**
 * Cache Storage as a secure page has it (jsdom has none): the caches and their responses in memory, each
 * response's body read when it is put, as the browser writes it to disk. Only what the app calls.
 */
class MemoryCache {
  readonly #entries = new Map<string, { body: ArrayBuffer; init: ResponseInit }>();

  async put(request: RequestInfo | URL, response: Response) {
    const { status, statusText, headers } = response;
    this.#entries.set(urlOf(request), { body: await response.arrayBuffer(), init: { status, statusText, headers } });
  }

  async match(request: RequestInfo | URL) {
    const entry = this.#entries.get(urlOf(request));
    return entry && new Response(entry.body.slice(0), entry.init);
  }

  async delete(request: RequestInfo | URL) {
    return this.#entries.delete(urlOf(request));
  }

  async keys() {
    return [...this.#entries.keys()].map((url) => new Request(url));
  }
}

const urlOf = (request: RequestInfo | URL) =>
  new URL(request instanceof Request ? request.url : String(request), location.href).href;

export class MemoryCacheStorage {
  readonly caches = new Map<string, MemoryCache>();

  async open(name: string) {
    const cache = this.caches.get(name) ?? new MemoryCache();
    this.caches.set(name, cache);
    return cache;
  }

  async delete(name: string) {
    return this.caches.delete(name);
  }

  async match(request: RequestInfo | URL, { cacheName }: { cacheName?: string } = {}) {
    for (const [name, cache] of this.caches) {
      if (cacheName && name !== cacheName) continue;
      const response = await cache.match(request);
      if (response) return response;
    }
    return undefined;
  }
}

/** Gives the page Cache Storage and the StorageManager calls the saved editions make; undone after each test. */
export function stubDeviceStorage() {
  const storage = new MemoryCacheStorage();
  const persist = { persisted: false, asked: 0 };
  Object.defineProperty(globalThis, 'caches', { value: storage, configurable: true });
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: {
      persisted: async () => persist.persisted,
      persist: async () => {
        persist.asked += 1;
        return true;
      },
      estimate: async () => ({ usage: 1_000, quota: 1_000_000 }),
    },
  });
  return {
    storage,
    persist,
    remove: () => {
      Reflect.deleteProperty(globalThis, 'caches');
      Reflect.deleteProperty(navigator, 'storage');
    },
  };
}
