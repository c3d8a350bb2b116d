/** Lists kept under keys. */

/** Appends in place: copying the list on every add made indexing quadratic in its length. */
export function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
