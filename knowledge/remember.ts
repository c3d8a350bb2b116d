/**
 * Values worked out before, per owner (a snapshot, a book): an owner never changes, so what was read
 * or computed from it for a key is the same the next time, and a reload's new owner starts empty.
 * Bounded: past `size` keys an owner's values start over.
 */
export function rememberPer<O extends object, V>(size: number): (owner: O, key: string, work: () => V) => V {
  const byOwner = new WeakMap<O, Map<string, V>>();
  return (owner, key, work) => {
    let values = byOwner.get(owner);
    if (!values) {
      values = new Map();
      byOwner.set(owner, values);
    }
    let value = values.get(key);
    if (value === undefined) {
      if (values.size >= size) values.clear();
      value = work();
      values.set(key, value);
    }
    return value;
  };
}
