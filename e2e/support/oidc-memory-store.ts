/**
 * oidc-provider's storage for the tests' provider: one Map per provider, nothing kept across runs.
 * (Passing our own also keeps oidc-provider from warning about its quick-start adapter.)
 */
type Payload = Record<string, unknown> & { uid?: string; userCode?: string; grantId?: string };

export function memoryStore() {
  const store = new Map<string, Payload>();
  return (model: string) => {
    const key = (id: string) => `${model}:${id}`;
    const findBy = (field: 'uid' | 'userCode', value: string) =>
      [...store].find(([k, p]) => k.startsWith(`${model}:`) && p[field] === value)?.[1];
    return {
      upsert: async (id: string, payload: Payload) => void store.set(key(id), payload),
      find: async (id: string) => store.get(key(id)),
      findByUid: async (uid: string) => findBy('uid', uid),
      findByUserCode: async (userCode: string) => findBy('userCode', userCode),
      consume: async (id: string) => {
        const payload = store.get(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      destroy: async (id: string) => void store.delete(key(id)),
      revokeByGrantId: async (grantId: string) => {
        for (const [k, p] of store) if (p.grantId === grantId) store.delete(k);
      },
    };
  };
}
